//! The four seed variants against their rules (`docs/rules/`): one test per
//! rule sentence, each a position and its exact legal moves or result. The
//! independent reference move generators of Hans 38Special and Crazy 38's
//! are the binaries `hans38special_oracle` and `crazy38s_oracle`.

mod crazy38s;
mod crazy38s_rules;
mod crazy_elephant;
mod hans38special;
