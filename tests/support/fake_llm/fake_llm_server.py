#!/usr/bin/env python3
"""A fake OpenAI-compatible chat server for HalluSQL's tests and benchmarks (loopback only).

Starts on 127.0.0.1 on a free port chosen by the kernel and prints one line to stdout:
    {"port": N}
Then it reads control commands, one JSON object per line, from stdin and answers each with one
JSON line on stdout. It stops by itself when stdin closes (the test ended or died) or after
--idle-exit seconds without any request or command.

Control commands:
  {"cmd": "default", "behavior": B}      behaviour of requests no queue entry or rule claims
  {"cmd": "queue", "behaviors": [B...]}  the next requests take these, in order (appended)
  {"cmd": "rule", "match": S, "behavior": B, "times": N}
                                         requests whose body contains S take B (N times, -1 = always)
  {"cmd": "rule", "regex": R, "behavior": B, "times": N}
                                         requests whose last user message matches the Python regular
                                         expression R (re.search, DOTALL) take B; rules are tried in
                                         the order they were added
  {"cmd": "oracle", "cases": [{"question": Q, "sql": S, "linking": [..]}...]}
                                         a stand-in model for measurements: a request naming no rule
                                         or queue entry is answered from the case whose question
                                         shares most words with the request's question (see
                                         oracle_answer; over a renamed copy's schema, "tbl_" tables
                                         and "_val" columns); "oracle_hits" counts them
  {"cmd": "stats"}                       {"requests", "chat_requests", "max_concurrent", "current",
                                          "auth_headers", "bodies", "models"}
  {"cmd": "reset"}                       clears stats, queue and rules; default back to "ok"
  {"cmd": "quit"}

A behaviour B (all fields optional):
  latency_ms   delay before answering (default 0)
  status       HTTP status (default 200)
  retry_after  value of a Retry-After header
  mode         "ok" | "malformed" | "truncated" | "reset" | "empty_choices" | "error_json"
               | "endless"    a 200 with a chunked body that never ends (until the client leaves)
               | "gzip_bomb"  a 200, Content-Encoding gzip: bomb_mb MB of zeros (default 64) in a
                              small compressed body
               | "silent"     accepts the request and never answers (until the client leaves)
               | "deep"       a 200 whose JSON body nests deep_levels '[' (default 50000) in "choices"
  content      assistant text (default: "```sql\\nSELECT 1;\\n```"); "{echo}" is replaced by the
               last user message, "{key}" by the bearer token the request carried
  finish_reason  (default "stop")
  prompt_tokens, completion_tokens  usage numbers (default 11 and 7)
"""
import argparse
import json
import re
import socket
import struct
import sys
import threading
import time
import zlib
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

LOCK = threading.Lock()
STATE = {}
# Bumped by every reset: a request still running from before a reset (a cancelled slow answer
# of the previous test) must not decrement the new test's "current" below zero.
GENERATION = [0]
LAST_ACTIVITY = [time.monotonic()]


def reset_state():
    GENERATION[0] += 1
    STATE.clear()
    STATE.update({
        "default": {},
        "queue": [],
        "rules": [],
        "requests": 0,
        "chat_requests": 0,
        "current": 0,
        "max_concurrent": 0,
        "auth_headers": [],
        "bodies": [],
        "models": [],
        "oracle": [],
        "oracle_hits": 0,
    })


def rule_matches(rule, body_text, last_user):
    if "regex" in rule:
        return re.search(rule["regex"], last_user, re.DOTALL) is not None
    return rule["match"] in body_text


def pick_behavior(body_text, last_user=""):
    with LOCK:
        for rule in STATE["rules"]:
            if rule["times"] != 0 and rule_matches(rule, body_text, last_user):
                if rule["times"] > 0:
                    rule["times"] -= 1
                return dict(rule["behavior"])
        if STATE["queue"]:
            return dict(STATE["queue"].pop(0))
        if STATE["oracle"]:
            content = oracle_answer(last_user)
            if content is not None:
                STATE["oracle_hits"] += 1
                return {"content": content}
        return dict(STATE["default"])


def words(text):
    return set(w for w in re.findall(r"[a-z0-9]+", text.lower()) if len(w) > 2)


def oracle_question(last_user):
    """The question of a HalluSQL prompt and what the prompt asks for."""
    m = re.search(r"^Question: (.*)\nRewritten:", last_user, re.M)
    if m and "Rewritten:" in last_user:
        qs = re.findall(r"^Question: (.*)$", last_user, re.M)
        return qs[-1], "rewrite"
    m = re.search(r"^-- Question: (.*)$", last_user, re.M)
    if m:
        return m.group(1), "linking"
    lines = [l for l in last_user.split("\n") if l.startswith("-- ") and not l.startswith("-- Using")
             and not l.startswith("-- External") and not l.startswith("-- Schema linking")]
    if lines:
        return lines[-1][3:], "sql"
    return None, None


def oracle_rewrite(question, last_user):
    """Deterministic stand-ins for the LLM rewrites (ESR, ENSR, RC, OS, SC)."""
    q = question.rstrip("?. ")
    ws = q.split(" ")
    if "synonym, so that" in last_user:  # ESR
        i = max(range(len(ws)), key=lambda k: len(ws[k]))
        ws[i] = ws[i] + "s" if not ws[i].endswith("s") else ws[i][:-1]
        return " ".join(ws) + "?"
    if "non-synonymous" in last_user:  # ENSR
        i = max(range(len(ws)), key=lambda k: len(ws[k]))
        ws[i] = "records"
        return " ".join(ws) + "?"
    if "Remove one conditional" in last_user:  # RC
        for marker in (" whose ", " with ", " that ", " who ", " where ", " in ", " from "):
            k = q.rfind(marker)
            if k > 0:
                return q[:k] + "?"
        return " ".join(ws[:-1]) + "?"
    if "Simplify the question" in last_user:  # OS
        return " ".join(ws[1:]) + "?" if len(ws) > 3 else q + "?"
    return "Could you please tell me: " + q + "?"  # SC


def oracle_answer(last_user):
    question, kind = oracle_question(last_user)
    if question is None:
        return None
    if kind == "rewrite":
        return oracle_rewrite(question, last_user)
    qw = words(question)
    best, best_score = None, 0.0
    for case in STATE["oracle"]:
        cw = case["_words"]
        score = len(qw & cw) / max(1, len(qw | cw))
        if score > best_score:
            best, best_score = case, score
    if best is None:
        return None
    linking = best.get("linking", [])
    if re.search(r"CREATE TABLE [\"`\[]?tbl_", last_user):  # HalluSQL's renamed copy (DSR/DR): answer in its names
        return renamed_answer(kind, linking, best["sql"])
    if kind == "linking":
        return json.dumps(linking)
    return best["sql"]


def renamed_answer(kind, linking, sql):
    """The oracle's answer in the renamed schema: table t -> tbl_t, column c -> c_val."""
    tables = {i.split(".")[0].lower() for i in linking}
    columns = {i.split(".", 1)[1].lower() for i in linking if "." in i and not i.endswith(".*")}
    if kind == "linking":
        return json.dumps(["tbl_" + i if "." not in i else
                           "tbl_%s.%s_val" % tuple(i.split(".", 1)) for i in linking])
    out = []
    for token in re.split(r"('(?:[^']|'')*'|\"[^\"]*\"|\b\w+\b)", sql):
        low = token.lower()
        if low in tables:
            out.append("tbl_" + token)
        elif low in columns:
            out.append(token + "_val")
        else:
            out.append(token)
    return "".join(out)


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server_version = "FakeLLM/1.0"
    disable_nagle_algorithm = True  # headers and body go out in separate writes: no Nagle stall

    def log_message(self, fmt, *args):  # keep stderr quiet
        pass

    def _send_json(self, status, obj, extra_headers=None):
        data = json.dumps(obj).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        for k, v in (extra_headers or {}).items():
            self.send_header(k, v)
        self.end_headers()
        self.wfile.write(data)

    def do_GET(self):
        LAST_ACTIVITY[0] = time.monotonic()
        if self.path.rstrip("/").endswith("/models"):
            self._send_json(200, {"object": "list", "data": [{"id": "fake-model", "object": "model"}]})
        else:
            self._send_json(404, {"error": {"message": "no route " + self.path}})

    def do_POST(self):
        LAST_ACTIVITY[0] = time.monotonic()
        length = int(self.headers.get("Content-Length") or 0)
        raw = self.rfile.read(length) if length else b""
        body_text = raw.decode("utf-8", "replace")
        with LOCK:
            generation = GENERATION[0]
            STATE["requests"] += 1
            STATE["current"] += 1
            STATE["max_concurrent"] = max(STATE["max_concurrent"], STATE["current"])
            STATE["auth_headers"].append(self.headers.get("Authorization") or "")
            STATE["bodies"].append(body_text)
        try:
            self._answer(body_text)
        finally:
            with LOCK:
                if GENERATION[0] == generation:
                    STATE["current"] -= 1

    def _answer(self, body_text):
        if not self.path.rstrip("/").endswith("/chat/completions"):
            self._send_json(404, {"error": {"message": "no route " + self.path}})
            return
        with LOCK:
            STATE["chat_requests"] += 1
        try:
            req = json.loads(body_text)
        except ValueError:
            self._send_json(400, {"error": {"message": "request body is not JSON"}})
            return
        with LOCK:
            STATE["models"].append(req.get("model"))
        last_user = ""
        for m in req.get("messages", []):
            if m.get("role") == "user":
                last_user = m.get("content", "")
        b = pick_behavior(body_text, last_user)
        latency = b.get("latency_ms", 0)
        if latency:
            time.sleep(latency / 1000.0)
        mode = b.get("mode", "ok")
        status = int(b.get("status", 200))
        headers = {}
        if "retry_after" in b:
            headers["Retry-After"] = str(b["retry_after"])
        if mode == "reset":
            # RST instead of FIN: SO_LINGER with a zero timeout, then close.
            self.connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
            self.close_connection = True
            self.connection.close()
            return
        if status != 200:
            self._send_json(status, {"error": {"message": b.get("message", "fake error %d" % status),
                                               "type": "fake", "code": status}}, headers)
            return
        if mode == "silent":
            # Never answer; return when the client gives up (or after an hour).
            self.connection.settimeout(0.2)
            for _ in range(18000):
                try:
                    if self.connection.recv(1, socket.MSG_PEEK) == b"":
                        return
                except socket.timeout:
                    continue
                except OSError:
                    return
            return
        if mode == "endless":
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Transfer-Encoding", "chunked")
            self.end_headers()
            chunk = b"[" * 65536
            frame = b"%x\r\n" % len(chunk) + chunk + b"\r\n"
            try:
                for _ in range(1 << 20):  # 64 GB at most
                    self.wfile.write(frame)
            except OSError:
                pass
            self.close_connection = True
            return
        if mode == "gzip_bomb":
            zeros = b"0" * (1 << 20)
            comp = zlib.compressobj(9, zlib.DEFLATED, 31)  # gzip framing
            parts = [comp.compress(zeros) for _ in range(int(b.get("bomb_mb", 64)))]
            data = b"".join(parts) + comp.flush()
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Encoding", "gzip")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            try:
                self.wfile.write(data)
            except OSError:
                pass
            return
        if mode == "deep":
            levels = int(b.get("deep_levels", 50000))
            data = b'{"choices": ' + b"[" * levels + b"]" * levels + b"}"
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)
            return
        if mode == "malformed":
            data = b'{"id": "x", "choices": [ {"message": oops'
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)
            return
        auth = self.headers.get("Authorization") or ""
        key = auth[len("Bearer "):] if auth.startswith("Bearer ") else auth
        content = b.get("content", "```sql\nSELECT 1;\n```").replace("{echo}", last_user).replace("{key}", key)
        n = int(req.get("n") or 1)
        choices = [] if mode == "empty_choices" else [
            {"index": i, "message": {"role": "assistant", "content": content},
             "finish_reason": b.get("finish_reason", "stop"),
             **({"logprobs": {"content": [{"token": "SELECT", "logprob": -0.01}]}} if req.get("logprobs") else {})}
            for i in range(n)]
        resp = {"id": "chatcmpl-fake", "object": "chat.completion", "created": int(time.time()),
                "model": req.get("model", "fake-model"), "choices": choices,
                "usage": {"prompt_tokens": b.get("prompt_tokens", 11),
                          "completion_tokens": b.get("completion_tokens", 7),
                          "total_tokens": b.get("prompt_tokens", 11) + b.get("completion_tokens", 7)}}
        data = json.dumps(resp).encode()
        if mode == "truncated":
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data[: len(data) // 2])
            self.wfile.flush()
            self.close_connection = True
            self.connection.shutdown(socket.SHUT_RDWR)
            return
        self._send_json(200, resp)


def control_loop(server):
    for line in sys.stdin:
        LAST_ACTIVITY[0] = time.monotonic()
        line = line.strip()
        if not line:
            continue
        try:
            c = json.loads(line)
        except ValueError as e:
            print(json.dumps({"ok": False, "error": str(e)}), flush=True)
            continue
        cmd = c.get("cmd")
        out = {"ok": True}
        with LOCK:
            if cmd == "default":
                STATE["default"] = c.get("behavior", {})
            elif cmd == "queue":
                STATE["queue"].extend(c.get("behaviors", []))
            elif cmd == "rule":
                rule = {"behavior": c.get("behavior", {}), "times": int(c.get("times", -1))}
                if "regex" in c:
                    rule["regex"] = c["regex"]
                else:
                    rule["match"] = c["match"]
                STATE["rules"].append(rule)
            elif cmd == "oracle":
                for case in c.get("cases", []):
                    case = dict(case)
                    case["_words"] = words(case.get("question", ""))
                    STATE["oracle"].append(case)
                out["cases"] = len(STATE["oracle"])
            elif cmd == "stats":
                out = {k: STATE[k] for k in ("requests", "chat_requests", "max_concurrent", "current",
                                             "auth_headers", "bodies", "models", "oracle_hits")}
                out["ok"] = True
            elif cmd == "reset":
                reset_state()
            elif cmd == "quit":
                print(json.dumps(out), flush=True)
                break
            else:
                out = {"ok": False, "error": "unknown cmd %r" % cmd}
        print(json.dumps(out), flush=True)
    server.shutdown()


def idle_watch(server, idle_exit):
    while True:
        time.sleep(1.0)
        with LOCK:
            busy = STATE["current"] > 0
        if not busy and time.monotonic() - LAST_ACTIVITY[0] > idle_exit:
            server.shutdown()
            return


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--latency-ms", type=int, default=0)
    ap.add_argument("--content", default=None)
    ap.add_argument("--idle-exit", type=float, default=120.0)
    args = ap.parse_args()
    reset_state()
    if args.latency_ms:
        STATE["default"]["latency_ms"] = args.latency_ms
    if args.content is not None:
        STATE["default"]["content"] = args.content
    ThreadingHTTPServer.daemon_threads = True
    ThreadingHTTPServer.request_queue_size = 128
    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)  # loopback only, free port
    print(json.dumps({"port": server.server_address[1]}), flush=True)
    threading.Thread(target=control_loop, args=(server,), daemon=True).start()
    threading.Thread(target=idle_watch, args=(server, args.idle_exit), daemon=True).start()
    server.serve_forever(poll_interval=0.1)
    server.server_close()


if __name__ == "__main__":
    main()
