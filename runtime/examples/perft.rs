//! A tiny perft over a move table: the smallest program that plays a
//! variant from its JSON table alone.
//!
//! ```sh
//! fairyc compile variants/crazyhouse.variant -o crazyhouse.json
//! cargo run --release -p fairyc-runtime --example perft -- crazyhouse.json 4
//! cargo run --release -p fairyc-runtime --example perft -- crazyhouse.json 2 --divide \
//!     --fen 'r3k2r/8/8/8/8/8/8/R3K2R[Pp] w KQkq - 0 1'
//! ```
//!
//! It prints `nodes: N`, and with `--divide` one `MOVE: COUNT` line per
//! root move first, as `fairyc perft` does.

use std::process::ExitCode;
use std::time::Instant;

use fairyc_runtime::{perft, Position, Variant, VariantTables};

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(2)
        }
    }
}

fn run() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let usage = "usage: perft TABLE.json DEPTH [--divide] [--fen FEN]";
    let table = args.next().ok_or(usage)?;
    let depth: u32 = args.next().ok_or(usage)?.parse()?;
    let (mut divide, mut fen) = (false, None);
    while let Some(a) = args.next() {
        match a.as_str() {
            "--divide" => divide = true,
            "--fen" => fen = Some(args.next().ok_or("--fen needs a FEN")?),
            other => return Err(format!("unknown argument `{other}`; {usage}").into()),
        }
    }

    // A table is untrusted input: `from_json` checks it completely.
    let json = std::fs::read_to_string(&table).map_err(|e| format!("{table}: {e}"))?;
    let variant = Variant::new(VariantTables::from_json(&json)?)?;
    let pos = match &fen {
        Some(f) => Position::from_fen(&variant, f)?,
        None => Position::new(&variant)?,
    };

    let started = Instant::now();
    let nodes = if divide {
        let mut total = 0;
        for (m, n) in fairyc_runtime::perft_divide(&pos, depth) {
            println!("{}: {n}", pos.uci(m));
            total += n;
        }
        total
    } else {
        perft(&pos, depth)
    };
    let secs = started.elapsed().as_secs_f64();
    eprintln!(
        "{}: {:.0} leaves/s",
        variant.name(),
        nodes as f64 / secs.max(1e-9)
    );
    println!("nodes: {nodes}");
    Ok(())
}
