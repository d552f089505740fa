import Foundation
import Synchronization
import TxFeedModel

/// What a live progress view draws while sources load.
protocol LiveFrame: Sendable {
    init()
    var running: Bool { get set }
    /// Taken down for good: a run interrupted before its sources started never draws.
    var over: Bool { get set }
    /// The animation's step, every 80 ms.
    var frame: Int { get set }
    /// Moves back over what was drawn and clears it; empty when nothing is.
    mutating func erase() -> String
}

/// The part of stderr a live view redraws, and the lifecycle the skeleton and the status line
/// share: every change and every write to the terminal happens under one lock (so a diagnostic
/// line never tears a frame), a thread animates it, and once finished it never draws again.
final class LiveRegion<Frame: LiveFrame>: Sendable {
    private let fd: Int32
    private let state = Mutex(Frame())
    private let render: @Sendable (inout Frame) -> String

    /// - Parameters:
    ///   - render: draws the frame (after ``LiveFrame/erase()`` took the last one away).
    init(fd: Int32, render: @escaping @Sendable (inout Frame) -> String) {
        self.fd = fd
        self.render = render
    }

    /// Sets the frame up for the run's sources and starts animating, unless already
    /// finished. `prepare` returns what to write before the first frame is drawn.
    func start(named name: String, _ prepare: (inout Frame) -> String) {
        let starts = state.withLock { frame in
            guard !frame.over else { return false }
            frame.running = true
            // The cursor would blink in the middle of the drawing.
            write("\u{1B}[?25l" + prepare(&frame))
            return true
        }
        guard starts else { return }
        Threads.start(named: name) { [weak self] in
            while let self, self.tick() {
                usleep(80_000)
            }
        }
    }

    /// Changes what the next frame shows.
    func update(_ body: (inout Frame) -> Void) {
        state.withLock { body(&$0) }
    }

    /// A line above the drawing, which is drawn again below it.
    func print(_ line: String) {
        state.withLock { frame in
            var out = frame.erase() + line + "\n"
            if frame.running { out += render(&frame) }
            write(out)
        }
    }

    /// Erases the drawing and shows the cursor. Also what a stop signal calls, from its own
    /// thread, while sources still load: after it nothing is drawn again.
    func finished() {
        state.withLock { frame in
            frame.over = true
            guard frame.running else { return }
            frame.running = false
            write(frame.erase() + "\u{1B}[?25h")
        }
    }

    /// One animation frame; false once finished.
    private func tick() -> Bool {
        state.withLock { frame in
            guard frame.running else { return false }
            frame.frame += 1
            write(frame.erase() + render(&frame))
            return true
        }
    }

    private func write(_ text: String) {
        StandardStreams.write(text, to: fd)
    }

    static var spinner: [Character] { Array("⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏") }
}
