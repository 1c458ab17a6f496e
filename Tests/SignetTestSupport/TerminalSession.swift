import Foundation

/// What a program run on a pseudo-terminal showed and did.
package struct TerminalTranscript: Sendable, Decodable, CustomStringConvertible {
    /// The exit code, or `nil` when a signal ended the program.
    package var exitCode: Int32?
    /// The signal that ended the program, if one did.
    package var signal: Int32?
    /// Everything the terminal showed (prompts, echo, output), as text.
    package var transcript: String
    /// The prompts answered, in order, as they were shown.
    package var prompts: [String]
    /// For each prompt, whether echo was off when it was answered.
    package var echoOffAtPrompt: [Bool]
    /// Whether echo was on again once the program had ended (`nil` when the terminal could not say).
    package var echoOnAfter: Bool?

    enum CodingKeys: String, CodingKey {
        case exitCode = "exit_code", signal, transcript, prompts
        case echoOffAtPrompt = "echo_off_at_prompt", echoOnAfter = "echo_on_after"
    }

    package var description: String {
        "exit \(exitCode.map(String.init) ?? "-") signal \(signal.map(String.init) ?? "-"), prompts \(prompts), echo off at prompts \(echoOffAtPrompt), echo on after \(echoOnAfter.map(String.init) ?? "?"), transcript:\n\(transcript)"
    }
}

/// Runs a program with a pseudo-terminal as its controlling terminal and standard input, output
/// and error (Python's `pty.fork`), as a person at a terminal would: each line that ends in
/// "Password for …: " or "PIN for …: " is answered with the next answer. The program's environment
/// is this process's plus `environment`.
package enum TerminalSession {
    /// What a person does at a prompt.
    package enum Answer: Sendable {
        /// Types the text and presses Enter.
        case line(String)
        /// Presses Ctrl-C.
        case interrupt
        /// Presses Ctrl-D (the terminal's end of input).
        case endOfInput

        /// The bytes the terminal receives.
        var keys: String {
            switch self {
            case .line(let text): text + "\n"
            case .interrupt: "\u{03}"
            case .endOfInput: "\u{04}"
            }
        }
    }

    package static func run(
        _ executable: String, _ arguments: [String], answers: [Answer], environment: [String: String] = [:]
    ) throws -> TerminalTranscript {
        let plan = try JSONSerialization.data(withJSONObject: answers.map(\.keys))
        let environmentJSON = try JSONSerialization.data(withJSONObject: environment)
        let r = try ProcessRunner.run(
            "python3",
            [
                "-c", script, executable, String(decoding: plan, as: UTF8.self),
                String(decoding: environmentJSON, as: UTF8.self),
            ]
                + arguments)
        guard r.status == 0 else {
            throw ToolFailure("the python3 pty driver exited \(r.status): \(r.stderr.prefix(400))")
        }
        return try JSONDecoder().decode(TerminalTranscript.self, from: Data(r.stdout))
    }

    static let script = #"""
        import json, os, pty, re, select, signal, sys, termios, time
        exe, answers, extra = sys.argv[1], json.loads(sys.argv[2]), json.loads(sys.argv[3])
        args = sys.argv[4:]
        pid, fd = pty.fork()
        if pid == 0:
            # A test runner may start us with these signals blocked or ignored; a terminal user's are not.
            signal.pthread_sigmask(signal.SIG_SETMASK, [])
            for s in (signal.SIGINT, signal.SIGQUIT, signal.SIGTERM, signal.SIGHUP):
                signal.signal(s, signal.SIG_DFL)
            os.execve(exe, [exe] + args, dict(os.environ, **extra))
        def echo_on():
            try:
                return bool(termios.tcgetattr(fd)[3] & termios.ECHO)
            except termios.error:
                return None
        out, seen, prompts, echo_off = b"", 0, [], []
        prompt = re.compile(rb"(?:Password|PIN) for [^\r\n]*: $")
        deadline = time.time() + 300
        status = None
        while time.time() < deadline:
            ready, _, _ = select.select([fd], [], [], 0.2)
            if ready:
                try:
                    chunk = os.read(fd, 4096)
                except OSError:
                    chunk = b""
                if not chunk:
                    break
                out += chunk
            tail = out[seen:]
            match = prompt.search(tail)
            if match and answers:
                # Echo goes off right after the prompt is written: give the program a moment.
                for _ in range(50):
                    if echo_on() is False:
                        break
                    time.sleep(0.05)
                prompts.append(match.group(0).decode("utf-8", "replace"))
                echo_off.append(echo_on() is False)
                answer = answers.pop(0)
                os.write(fd, answer.encode())
                seen = len(out)
        after = echo_on()
        _, raw = os.waitpid(pid, 0)
        print(json.dumps({
            "exit_code": os.WEXITSTATUS(raw) if os.WIFEXITED(raw) else None,
            "signal": os.WTERMSIG(raw) if os.WIFSIGNALED(raw) else None,
            "transcript": out.decode("utf-8", "replace"),
            "prompts": prompts, "echo_off_at_prompt": echo_off, "echo_on_after": after,
        }))
        """#
}
