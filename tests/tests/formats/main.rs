//! Reading and writing what fairyc hands to others: FENs and positions
//! (hostile ones included), the JSON move table (round trip, hostile
//! tables, the JSON Schema) and the runtime as a library.

mod fen;
mod library;
mod positions;
mod schema;
mod table_hostile;
mod tables;
