"""One self-contained HTML file that steps through a played hand, offline.

Everything is inline: the style, the script and the hand's steps (:mod:`.replay_data`, as
JSON in a ``<script type="application/json">`` block). The page asks for nothing outside
itself: no fonts, images, scripts or style sheets from elsewhere, and a Content Security
Policy that forbids them (``default-src 'none'``), so it opens the same from a tournament
folder, a learning platform or an e-mail, with or without a network.

The controls: *Start*, *Back*, *Forward*, *End*, a menu to jump to a trick, a menu to show
all four hands or one seat's view (the other hands hidden, the kitty hidden from all but
the seat that buried it until the end), and the keyboard: ← → one play, ↑ ↓ one trick,
Home and End.
"""

from __future__ import annotations

import html
import json
from pathlib import Path
from typing import Any

from ..game.round import Round
from .replay_data import Notes, replay_data

_STYLE = """
body { font-family: system-ui, -apple-system, "Segoe UI", "Noto Sans", "PingFang SC",
       "Microsoft YaHei", sans-serif; margin: 0; background: #f3f1ea; color: #222; }
main { max-width: 1100px; margin: 0 auto; padding: 12px; }
h1 { font-size: 1.2rem; margin: 4px 0 8px; }
.facts, .controls { display: flex; flex-wrap: wrap; gap: 6px 16px; align-items: center;
                    margin-bottom: 8px; }
.facts b { font-weight: 600; }
button, select { font: inherit; padding: 4px 10px; border-radius: 6px;
                 border: 1px solid #888; background: #fff; cursor: pointer; }
button:disabled { opacity: .4; cursor: default; }
.board { display: grid; gap: 8px; grid-template-columns: 1fr 1.2fr 1fr;
         grid-template-areas: ". s2 ." "s3 mid s1" ". s0 ."; }
.seat { background: #fff; border: 1px solid #ccc; border-radius: 8px; padding: 6px 8px;
        min-height: 60px; }
.seat.dealer .name::after { content: " ★"; color: #b8860b; }
.seat.winner { outline: 3px solid #2e7d32; }
.name { font-weight: 600; margin-bottom: 4px; }
.group { margin: 2px 0; white-space: normal; }
.group .suit { display: inline-block; min-width: 3.2em; color: #666; font-size: .85em; }
.mid { grid-area: mid; background: #2f6b3f; color: #fff; border-radius: 12px; padding: 8px;
       display: grid; grid-template-columns: 1fr 1fr 1fr;
       grid-template-areas: ". p2 ." "p3 c p1" ". p0 ."; min-height: 180px;
       align-items: center; justify-items: center; }
.played { min-height: 1.6em; text-align: center; }
.played.winner .card { box-shadow: 0 0 0 3px #ffd54f; }
.centre { grid-area: c; text-align: center; font-size: .9em; }
.card { display: inline-block; background: #fff; border: 1px solid #999; border-radius: 4px;
        padding: 1px 4px; margin: 1px; font-weight: 600; color: #111; }
.card.ink-H, .card.ink-D { color: #c62828; }
.card.trump { background: #fff1c9; }
.card.back { background: #5b7fa6; color: #5b7fa6; }
.story { background: #fff; border: 1px solid #ccc; border-radius: 8px; padding: 8px 12px;
         margin-top: 8px; }
#said { font-weight: 600; }
#note { white-space: pre-line; margin-top: 4px; color: #333; }
#note:empty { display: none; }
.kitty, .result { margin-top: 8px; }
.keys { color: #666; font-size: .85em; margin-top: 6px; }
@media (max-width: 640px) {
  .board { grid-template-columns: 1fr; grid-template-areas: "s2" "s3" "s1" "mid" "s0"; }
}
"""

_SCRIPT = r"""
(function () {
  "use strict";
  var D = JSON.parse(document.getElementById("replay-data").textContent);
  var L = D.labels, F = D.frames, step = 0;
  var view = typeof D.view === "number" ? D.view : -1;
  var $ = function (id) { return document.getElementById(id); };
  function fill(t, v) { return t.replace(/\{(\w+)\}/g, function (m, k) {
    return k in v ? String(v[k]) : m; }); }
  function card(c) {
    var s = document.createElement("span");
    s.className = "card ink-" + c[1] + (c[2] ? " trump" : "");
    s.textContent = c[0];
    return s;
  }
  function cards(list, into) { list.forEach(function (c) { into.appendChild(card(c)); }); }
  function clear(el) { while (el.firstChild) el.removeChild(el.firstChild); }
  function count(hand) { return hand.reduce(function (n, g) { return n + g.cards.length; }, 0); }
  function showHand(seat, frame) {
    var box = $("hand-" + seat); clear(box);
    var hand = frame.hands[seat];
    if (view >= 0 && view !== seat) {
      var back = document.createElement("span");
      back.className = "card back"; back.textContent = "##";
      box.appendChild(back);
      box.appendChild(document.createTextNode(" " + fill(L.cards_left, {n: count(hand)})));
      return;
    }
    hand.forEach(function (g) {
      var row = document.createElement("div"); row.className = "group";
      var label = document.createElement("span"); label.className = "suit";
      label.textContent = g.suit; row.appendChild(label);
      cards(g.cards, row); box.appendChild(row);
    });
  }
  function show() {
    var f = F[step], last = F.length - 1;
    $("trick").textContent = f.trick ? fill(L.trick_of, {n: f.trick, total: D.tricks.length})
                                     : L.before;
    $("step").textContent = fill(L.step_of, {n: step, total: last});
    $("points").textContent = f.points;
    for (var s = 0; s < 4; s++) {
      showHand(s, f);
      var p = $("played-" + s); clear(p); p.classList.remove("winner");
      $("seat-" + s).classList.toggle("winner", f.winner === s);
    }
    f.table.forEach(function (play) {
      var p = $("played-" + play.seat); cards(play.cards, p);
      if (f.winner === play.seat) p.classList.add("winner");
    });
    $("said").textContent = f.said;
    $("note").textContent = f.note;
    $("jump").value = String(f.trick);
    var seeKitty = view < 0 || view === D.kitty.by || step === last;
    [["kitty-dealt", D.kitty.dealt], ["buried", D.kitty.buried]].forEach(function (k) {
      var box = $(k[0]); clear(box);
      if (seeKitty) cards(k[1], box); else box.textContent = L.hidden;
    });
    $("result").hidden = step !== last;
    $("start").disabled = $("back").disabled = step === 0;
    $("forward").disabled = $("end").disabled = step === last;
  }
  function go(n) { step = Math.max(0, Math.min(F.length - 1, n)); show(); }
  function trickStep(t) { return t <= 0 ? 0 : D.tricks[Math.min(t, D.tricks.length) - 1]; }
  function nextTrick() { var t = F[step].trick;
    go(t < D.tricks.length ? trickStep(t + 1) : F.length - 1); }
  function prevTrick() { var t = F[step].trick, first = trickStep(t);
    go(step > first ? first : trickStep(t - 1)); }
  $("start").onclick = function () { go(0); };
  $("back").onclick = function () { go(step - 1); };
  $("forward").onclick = function () { go(step + 1); };
  $("end").onclick = function () { go(F.length - 1); };
  $("jump").onchange = function () { go(trickStep(Number(this.value))); };
  $("view").onchange = function () { view = Number(this.value); show(); };
  document.addEventListener("keydown", function (e) {
    if (e.target && e.target.tagName === "SELECT") return;
    var keys = {ArrowRight: function () { go(step + 1); }, ArrowLeft: function () { go(step - 1); },
                ArrowDown: nextTrick, ArrowUp: prevTrick,
                Home: function () { go(0); }, End: function () { go(F.length - 1); }};
    if (keys[e.key]) { keys[e.key](); e.preventDefault(); }
  });
  $("view").value = String(view);
  show();
})();
"""


def _esc(text: Any) -> str:
    return html.escape(str(text), quote=True)


def replay_html(data: dict[str, Any]) -> str:
    """The page for a hand's steps (:func:`~.replay_data.replay_data`), as one string."""
    L = data["labels"]
    seats = data["seats"]
    dealer = data["dealer"]
    payload = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    payload = payload.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
    board = []
    for seat in range(4):
        css = "seat dealer" if seat == dealer else "seat"
        board.append(
            f"<div class='{css}' id='seat-{seat}' style='grid-area:s{seat}'>"
            f"<div class='name'>{_esc(seats[seat])}</div><div id='hand-{seat}'></div></div>"
        )
    played = "".join(
        f"<div class='played' id='played-{s}' style='grid-area:p{s}'></div>" for s in range(4)
    )
    jump = [f"<option value='0'>{_esc(L['before'])}</option>"]
    jump += [f"<option value='{n}'>{n}</option>" for n in range(1, len(data["tricks"]) + 1)]
    views = [f"<option value='-1'>{_esc(L['all_hands'])}</option>"]
    views += [
        f"<option value='{s}'>{_esc(L['view_of'].replace('{seat}', seats[s]))}</option>"
        for s in range(4)
    ]
    kitty = data["kitty"]
    by = "" if kitty["by"] is None else _esc(L["buried"].replace("{seat}", seats[kitty["by"]]))
    dealer_name = "–" if dealer is None else _esc(seats[dealer])
    result = "".join(f"<div>{_esc(line)}</div>" for line in data["result"])
    lang = "zh-Hans" if data["lang"] == "zh" else _esc(data["lang"])
    return f"""<!DOCTYPE html>
<html lang="{lang}">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy"
      content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{_esc(data["title"])}</title>
<style>{_STYLE}</style>
</head>
<body>
<main>
<h1>{_esc(data["title"])}</h1>
<div class="facts">
  <span><b>{_esc(L["trump"])}:</b> {_esc(data["trump"])}</span>
  <span><b>{_esc(L["level"])}:</b> {_esc(data["level"])}</span>
  <span><b>{_esc(L["dealer"])}:</b> {dealer_name}</span>
  <span><b>{_esc(L["points"])}:</b> <span id="points">0</span></span>
  <span id="trick"></span> <span id="step"></span>
</div>
<div class="controls">
  <button id="start" type="button">« {_esc(L["start"])}</button>
  <button id="back" type="button">◀ {_esc(L["back"])}</button>
  <button id="forward" type="button">{_esc(L["forward"])} ▶</button>
  <button id="end" type="button">{_esc(L["end"])} »</button>
  <label>{_esc(L["jump"])} <select id="jump">{"".join(jump)}</select></label>
  <select id="view" aria-label="{_esc(L["all_hands"])}">{"".join(views)}</select>
</div>
<div class="board">
{"".join(board)}
<div class="mid">{played}<div class="centre" id="centre"></div></div>
</div>
<div class="story"><div id="said"></div><div id="note"></div></div>
<div class="kitty"><b>{_esc(L["kitty"])}</b> ({_esc(L["dealt_kitty"])}:
  <span id="kitty-dealt"></span>) {by}: <span id="buried"></span></div>
<div class="result" id="result" hidden><b>{_esc(L["result"])}</b>{result}</div>
<div class="keys">{_esc(L["keys"])}</div>
</main>
<script type="application/json" id="replay-data">{payload}</script>
<script>{_SCRIPT}</script>
</body>
</html>
"""


def write_replay_html(
    round_: Round,
    path: str | Path,
    lang: str = "en",
    notes: Notes | None = None,
    players: list[str] | None = None,
    title: str | None = None,
    seat: int | None = None,
) -> Path:
    """Write the viewer of ``round_`` to ``path``; ``seat`` opens it in that seat's view."""
    data = replay_data(round_, lang, notes, players, title)
    data["view"] = -1 if seat is None else seat
    path = Path(path)
    path.write_text(replay_html(data), encoding="utf-8")
    return path


__all__ = ["replay_html", "write_replay_html"]
