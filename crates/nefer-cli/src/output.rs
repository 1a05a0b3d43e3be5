//! Standard output that never panics. `println!` panics when the write fails (a reader that
//! closed the pipe, a full disk); every command writes through [`stdout`] instead, whose errors
//! say that the output could not be written, and `main` stops quietly on a closed pipe
//! ([`is_closed_pipe`]) and with a clear error on anything else.

use std::io::{self, StdoutLock, Write};

/// A write to standard output that failed: the reason says where the output was going.
#[derive(Debug, thiserror::Error)]
#[error("cannot write to standard output: {0}")]
pub struct OutputError(#[source] io::Error);

/// Standard output, locked, with errors that name it ([`OutputError`], keeping the kind).
pub struct Out(StdoutLock<'static>);

/// Standard output for one command's answer.
pub fn stdout() -> Out {
    Out(io::stdout().lock())
}

fn named(e: io::Error) -> io::Error {
    io::Error::new(e.kind(), OutputError(e))
}

impl Write for Out {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.0.write(buf).map_err(named)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.0.flush().map_err(named)
    }
}

/// Whether `e` comes from a reader that closed its end of the pipe.
pub fn is_closed_pipe(e: &anyhow::Error) -> bool {
    e.chain().any(|c| {
        c.downcast_ref::<io::Error>()
            .is_some_and(|e| e.kind() == io::ErrorKind::BrokenPipe)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_closed_pipe_is_told_apart_from_other_failures() {
        let pipe = anyhow::Error::new(named(io::Error::from(io::ErrorKind::BrokenPipe)));
        assert!(is_closed_pipe(&pipe));
        let pipe = anyhow::Error::new(io::Error::from(io::ErrorKind::BrokenPipe)).context("x");
        assert!(is_closed_pipe(&pipe));
        let full = anyhow::Error::new(named(io::Error::from_raw_os_error(28)));
        assert!(!is_closed_pipe(&full));
        assert!(
            full.to_string()
                .starts_with("cannot write to standard output: "),
            "{full}"
        );
    }
}
