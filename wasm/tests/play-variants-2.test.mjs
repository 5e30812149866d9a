// One half of play-variants.mjs: the shipped variants at the odd (1, 3, …) places
// of the native binary's list.
import { playVariants } from "./play-variants.mjs";

playVariants(1, 2);
