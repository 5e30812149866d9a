// One half of play-variants.mjs: the shipped variants at the even (0, 2, …) places
// of the native binary's list.
import { playVariants } from "./play-variants.mjs";

playVariants(0, 2);
