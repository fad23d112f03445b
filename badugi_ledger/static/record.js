// The "Record a hand" page: one text, edited by tapping the legal next actions or by typing,
// checked by the server as it changes (the same replay and messages as `badugi-ledger check`),
// saved through the same import as `badugi-ledger import`.  No inline script anywhere: the
// page's URLs and CSRF token come from data- attributes of #record.
"use strict";

(function () {
  const root = document.getElementById("record");
  if (!root) return;
  const $ = (id) => document.getElementById(id);
  const text = $("record-text");
  const gutter = $("record-gutter");
  const backdrop = $("record-backdrop");
  const numbers = $("record-numbers");
  const gutterMarks = $("record-marks");
  const scroller = $("record-scroll");
  // The unsaved draft: the text and the saved file it came from, kept as ONE item, so that a
  // reload never pairs one night's text with another night's file (a save would then take the
  // text for that night renamed, and leave that night's hands out).  Each tab keeps its own
  // (sessionStorage: a reload, and a phone restoring a tab it put away, find it again); the
  // latest of any tab is kept too (localStorage), for a tab opened later.  The draft is the
  // served ledger's own: another ledger served later at the same address starts without it.
  const DRAFT_KEY = `badugi-ledger:record:night:${root.dataset.ledger || ""}`;
  const OLD_KEYS = ["draft", "file"].map((kind) => `badugi-ledger:record:${kind}:${root.dataset.ledger || ""}`);
  const CHECK_DELAY_MS = 250;

  let checkTimer = null;
  // The saved file the text on the page came from (an event's file it loaded, or the last
  // save's): a save of a renamed night tells the server, which then leaves the old file's hands
  // out instead of counting the night twice.  Its stamp (what it held then) lets the server
  // refuse to overwrite the file once it was changed on disk meanwhile.
  let savedFile = null;
  let savedStamp = null;
  // This tab's name for itself, kept with its draft: a save whose answer was lost is known
  // again by the server as this tab's own, not as a change made elsewhere.
  let saver = Math.random().toString(36).slice(2) + Date.now().toString(36);
  function setSavedFile(name, stamp) {
    savedFile = name || null;
    savedStamp = (savedFile && stamp) || null;
    keepDraft();
  }

  function stores() {
    const found = [];
    for (const name of ["sessionStorage", "localStorage"]) {
      try {
        if (window[name]) found.push(window[name]);
      } catch (err) {
        /* private mode: nothing kept there */
      }
    }
    return found;
  }

  function keepDraft() {
    const kept = JSON.stringify({ text: text.value, file: savedFile, stamp: savedStamp, saver: saver });
    for (const store of stores()) {
      try {
        store.setItem(DRAFT_KEY, kept);
      } catch (err) {
        /* full, or private mode: not kept there */
      }
    }
  }

  function keptDraft() {
    // this tab's draft, else the latest of any tab; a draft kept by an older version of the
    // page (its text and its file were two items, which tabs could pair wrongly) keeps its
    // text only: saved without a file, it goes to its own night's file
    for (const store of stores()) {
      try {
        const kept = JSON.parse(store.getItem(DRAFT_KEY) || "null");
        if (kept && typeof kept.text === "string") return kept;
      } catch (err) {
        /* not what this page keeps */
      }
    }
    for (const store of stores()) {
      try {
        const old = store.getItem(OLD_KEYS[0]);
        OLD_KEYS.forEach((key) => store.removeItem(key));
        if (old) return { text: old, file: null, stamp: null };
      } catch (err) {
        /* nothing kept */
      }
    }
    return null;
  }
  let sequence = 0; // the newest check asked for; older answers are dropped
  let saving = 0; // the newest save asked for; a slower answer to an older one is dropped
  let shown = 0; // the check whose answer is on the page
  let last = null; // that answer

  // --- talking to the server ------------------------------------------------------------------

  async function post(url, body) {
    const response = await fetch(url, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        Accept: "application/json",
        "X-CSRF-Token": root.dataset.csrf || "",
      },
      body: JSON.stringify(body),
      credentials: "same-origin",
    });
    let data = null;
    try {
      data = await response.json();
    } catch (err) {
      data = { error: `the server answered ${response.status} ${response.statusText}` };
    }
    return { status: response.status, data: data };
  }

  async function getJson(url) {
    const response = await fetch(url, { headers: { Accept: "application/json" } });
    return { status: response.status, data: await response.json() };
  }

  function el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(attrs || {})) {
      if (value === null || value === undefined || value === false) continue;
      if (key === "class") node.className = value;
      else if (key === "text") node.textContent = value;
      else if (key.startsWith("data-")) node.setAttribute(key, value);
      else node.setAttribute(key, value === true ? "" : value);
    }
    for (const child of children) {
      if (child === null || child === undefined) continue;
      node.append(child);
    }
    return node;
  }

  // --- the editor: line numbers, marks beside lines ----------------------------------------------

  function lines() {
    return text.value.split("\n");
  }

  // A long night is hundreds of lines: the numbers are one text, and only the marked lines
  // get elements of their own (a mark in the gutter, a row behind the text with the problem's
  // words after it), each placed at its line: every line is LINE px high (record.css).
  const LINE = 24;
  const PAD = 4;
  let numbered = 0;
  let charWidth = 0;
  let roomWidth = 0;
  let sized = [0, 0];

  function layout() {
    const all = lines();
    if (all.length !== numbered) {
      numbers.textContent = all.map((_, i) => i + 1).join("\n");
      if (String(all.length).length !== String(numbered).length) roomWidth = 0; // wider gutter
      numbered = all.length;
    }
    const problems = problemsByLine();
    const marks = [];
    const rows = [];
    for (const [line, found] of problems) {
      if (line < 1 || line > all.length) continue;
      const top = `${PAD + (line - 1) * LINE}px`;
      const words = found.items.map((p) => p.message).join("\n");
      const mark = el("div", { class: `gl ${found.worst}`, "data-line": String(line), title: words }, String(line));
      mark.style.top = top;
      marks.push(mark);
      const row = el("div", { class: `bl ${found.worst}`, "data-line": String(line) });
      row.style.top = top;
      row.append(el("span", { class: "bt" }, all[line - 1] || " "));
      for (const p of found.items) {
        row.append(el("span", { class: `pill ${p.severity}`, "data-rule": p.rule }, p.message));
      }
      rows.push(row);
    }
    gutterMarks.replaceChildren(...marks);
    backdrop.replaceChildren(...rows);
    // the textarea grows with its text, so the numbers, the marks and the text scroll together;
    // its size is set only when it changes (a relayout of a long text is what costs)
    if (!charWidth) charWidth = measureChar();
    if (!roomWidth) roomWidth = scroller.clientWidth - gutter.offsetWidth;
    const longest = all.reduce((most, line) => Math.max(most, line.length), 0);
    const wide = Math.max(
      Math.ceil(longest * charWidth) + 24,
      rows.length ? backdrop.scrollWidth : 0,
      roomWidth,
    );
    // room under the last line for the bubble of its problems
    const high = 2 * PAD + (all.length + 3) * LINE;
    if (wide !== sized[0]) text.style.width = `${wide}px`;
    if (high !== sized[1]) {
      text.style.height = `${high}px`;
      gutter.style.minHeight = `${high}px`; // the gutter's colour down to the last line
    }
    sized = [wide, high];
  }

  function measureChar() {
    const probe = el("span", { class: "bt" }, "0".repeat(100));
    probe.style.visibility = "hidden";
    backdrop.append(probe);
    const width = probe.getBoundingClientRect().width / 100;
    probe.remove();
    return width || 9;
  }

  function rowOf(number) {
    return PAD + (number - 1) * LINE;
  }

  function problemsByLine() {
    const byLine = new Map();
    if (!last || shown !== sequence) return byLine; // marks only for the text they were made for
    for (const p of last.problems || []) {
      const entry = byLine.get(p.line) || { worst: p.severity, items: [] };
      entry.items.push(p);
      if (p.severity === "error") entry.worst = "error";
      byLine.set(p.line, entry);
    }
    return byLine;
  }

  // the problems of the line the caret is on, in a bubble right under that line and inside the
  // visible part of the editor (a long line's marks sit far to the right on a phone)
  function callout() {
    let bubble = document.getElementById("record-callout");
    if (!bubble) {
      bubble = el("div", { id: "record-callout", class: "record-callout", role: "note" });
      backdrop.parentElement.append(bubble);
    }
    const found = document.activeElement === text ? problemsByLine().get(caretLine()) : null;
    if (!found) {
      bubble.hidden = true;
      return;
    }
    bubble.replaceChildren(...found.items.map((p) => el("div", { class: p.severity }, p.message)));
    bubble.hidden = false;
    bubble.style.top = `${rowOf(caretLine()) + LINE}px`;
    bubble.style.left = `${scroller.scrollLeft + 4}px`;
    bubble.style.maxWidth = `${Math.max(160, scroller.clientWidth - gutter.offsetWidth - 12)}px`;
  }

  function goToLine(number) {
    const all = lines();
    let start = 0;
    for (let i = 0; i < number - 1 && i < all.length; i++) start += all[i].length + 1;
    const end = start + (all[number - 1] || "").length;
    text.focus({ preventScroll: true });
    text.setSelectionRange(start, end);
    scroller.scrollTop = Math.max(0, rowOf(number) - scroller.clientHeight / 2);
    scroller.scrollLeft = 0;
    scroller.scrollIntoView({ block: "nearest" });
    caretMoved();
  }

  // --- checking as the text changes ----------------------------------------------------------------

  function changed() {
    keepDraft();
    sequence += 1;
    layout();
    setVerdict("checking…", "pending");
    clearTimeout(checkTimer);
    checkTimer = setTimeout(check, CHECK_DELAY_MS);
  }

  async function check() {
    const mine = sequence;
    const asked = text.value;
    if (!asked.trim()) {
      last = null;
      shown = mine;
      render();
      return;
    }
    let answer;
    try {
      answer = await post(root.dataset.checkUrl, { text: asked });
    } catch (err) {
      if (mine === sequence) {
        setVerdict(
          `could not reach the server (${err.message}): the text is kept in this browser, and checked again once the connection is back`,
          "error",
        );
      }
      return;
    }
    if (mine !== sequence) return; // the text changed meanwhile: a newer check is coming
    if (answer.status !== 200 || answer.data.error) {
      setVerdict(answer.data.error || `check failed (${answer.status})`, "error");
      return;
    }
    last = answer.data;
    shown = mine;
    render();
  }

  function setVerdict(message, state) {
    const verdict = $("record-verdict");
    verdict.textContent = message;
    verdict.dataset.state = state;
    root.dataset.checked = state === "pending" ? "" : String(shown);
  }

  function render() {
    layout();
    callout();
    renderProblems();
    renderPots();
    renderNext();
    if (!last) {
      setVerdict("no hands yet: start an event above, or type", "empty");
      return;
    }
    const v = last.verdict;
    setVerdict(v.text, v.errors ? "error" : v.warnings ? "warning" : "ok");
  }

  function renderProblems() {
    const list = $("record-problems");
    const items = (last && last.problems) || [];
    list.replaceChildren(
      ...items.map((p) =>
        el(
          "li",
          { class: p.severity },
          el("button", { type: "button", class: "linkish", "data-line": String(p.line) }, `line ${p.line}`),
          " ",
          p.text,
        ),
      ),
    );
    // a long list is cut by the server: the line says how many more, and where all are said
    if (last && last.more_text) list.append(el("li", { class: "more" }, last.more_text));
  }

  // --- pots -----------------------------------------------------------------------------------------

  function caretLine() {
    return text.value.slice(0, text.selectionStart).split("\n").length;
  }

  // the hand at the caret while the text is edited, else the last; a text of more hands than
  // the server sends (its first ones and the last) says which lines hold the others
  // (hands_cut): a caret there is on a hand whose pots were not sent
  function handAt(line) {
    const hands = (last && last.hands) || [];
    let found = hands.length ? hands[hands.length - 1] : null;
    if (document.activeElement === text) {
      const cut = last && last.hands_cut;
      if (cut && cut.line <= line && line <= cut.last_line) return { cut };
      for (const hand of hands) if (hand.line <= line) found = hand;
    }
    return found;
  }

  function renderPots() {
    const box = $("record-pots-body");
    const hand = handAt(caretLine());
    const title = $("record-pots-title");
    if (!hand) {
      title.textContent = "Pots";
      box.replaceChildren(el("p", { class: "muted" }, "No hand yet."));
      return;
    }
    if (hand.cut) {
      title.textContent = "Pots";
      const { count, line, last_line: to } = hand.cut;
      box.replaceChildren(
        el("p", { class: "muted" }, `Too many hands in this text to show the pots of each: the ${count} hands of lines ${line} to ${to} are not shown here (a saved night shows every hand on its event's page).`),
      );
      return;
    }
    title.textContent = `Pots of hand ${hand.hand}`;
    if (!hand.pots.length) {
      const why = hand.verdict === "violations" || hand.verdict === "error"
        ? "The pots show once the marked lines of this hand are right."
        : "Nothing in the pot yet.";
      box.replaceChildren(el("p", { class: "muted" }, why));
      return;
    }
    // a game of money: its amounts are cents, shown as money (2.50), headed by the currency
    const money = hand.currency;
    const shown = (amount) => (money ? (amount / 100).toFixed(2) : String(amount));
    const rows = hand.pots.map((pot) => {
      const winners = pot.winners.length
        ? pot.winners
            .map((w) => `${w} ${w in pot.shares ? shown(pot.shares[w]) : ""}`.trim())
            .join(", ")
        : hand.complete ? "—" : "not decided yet";
      return el(
        "tr",
        {},
        el("th", { scope: "row" }, pot.name),
        el("td", { class: "num" }, shown(pot.amount)),
        el("td", {}, pot.eligible.join(", ")),
        el("td", {}, winners),
      );
    });
    const head = el(
      "tr",
      {},
      el("th", { scope: "col" }, "pot"),
      el("th", { scope: "col", class: "num" }, money || "chips"),
      el("th", { scope: "col" }, "eligible"),
      el("th", { scope: "col" }, "won by"),
    );
    const extra = [];
    for (const pot of hand.pots) {
      if (pot.detail) extra.push(el("p", { class: "muted pot-detail" }, `${pot.name}: ${pot.detail}`));
    }
    if (hand.uncalled) {
      extra.push(el("p", { class: "muted" }, `not yet called: ${shown(hand.uncalled.amount)} of ${hand.uncalled.player}'s bet`));
    }
    box.replaceChildren(el("table", { class: "pots" }, el("thead", {}, head), el("tbody", {}, ...rows)), ...extra);
  }

  // --- tapping the next action -----------------------------------------------------------------------

  function renderNext() {
    const turn = $("record-turn");
    const options = $("record-options");
    options.replaceChildren();
    if (!last) {
      turn.textContent = "Start an event to get the first hand.";
      return;
    }
    const next = last.next;
    if (next) {
      turn.replaceChildren(
        el("span", { class: "hand-tag" }, `hand ${next.hand} · ${next.phase}`),
        " ",
        el("strong", {}, next.player || ""),
        next.player ? " to act" : "",
      );
      // two players may be offered their draws at once (a Progressive redeal: the one with no
      // chips whose chips are in the carried pot, and the next dealt player): each row's pat
      // button is its own player's
      const own = (kind, player) => next.options.find((o) => o.kind === kind && o.player === player);
      for (const option of next.options) {
        if (option.kind === "stand pat" && own("draw", option.player)) continue; // with the draws
        options.append(
          option.kind === "draw"
            ? drawControl(option, own("stand pat", option.player))
            : optionControl(option, next.currency),
        );
      }
      if (!next.options.length) {
        options.append(
          el("p", { class: "muted" }, "The cards decide the pot: write the cards each player showed in the show lines (show: Anna 7h 5d 3s As)."),
        );
      }
      return;
    }
    if (last.next_hand) {
      turn.replaceChildren(el("span", {}, "The hand is complete."));
      options.append(
        el("button", { type: "button", class: "tap primary", "data-kind": "next-hand" }, "next hand"),
      );
      return;
    }
    turn.textContent = last.verdict.errors
      ? "Fix the marked lines to go on tapping."
      : "Nothing to tap: type the next line.";
  }

  // the show field's example, as many cards as a hand of the game holds (the option's cards)
  const SHOWN_CARDS = ["As", "5d", "7h", "Kc", "9s"];

  function optionControl(option, money) {
    // a fixed amount (or none): one button; a range: a number input and a button; cards: a field.
    // In a game of money (its lines write cents) a range is typed and shown as money (2.50).
    // A range with no top (a stack nobody knows, no limit) takes any amount from its least up.
    const label = option.label;
    if (option.min !== null && option.min !== undefined) {
      const shown = (cents) => (money ? (cents / 100).toFixed(2) : String(cents));
      const open = option.max === null || option.max === undefined;
      const input = el("input", {
        type: "number",
        inputmode: money ? "decimal" : "numeric",
        min: shown(option.min),
        max: open ? null : shown(option.max),
        step: money ? "0.01" : "1",
        value: shown(option.min),
        "data-money": money ? "1" : "",
        "aria-label": open
          ? `${label}: amount of ${shown(option.min)} or more`
          : `${label}: amount from ${shown(option.min)} to ${shown(option.max)}`,
      });
      const rangeOf = (least) => (open ? `${shown(least)} or more` : `${shown(least)}–${shown(option.max)}`);
      const range = el("span", { class: "range" }, rangeOf(option.min));
      const button = el("button", { type: "button", class: "tap", "data-option": String(option.index), "data-kind": option.kind, "data-player": option.player }, label);
      const parts = [button, input, range];
      // a player whose stack nobody knows may be all-in: the line then says so ("raises to 30
      // all-in"), at any amount from one chip above the bet (all_in_from), which shows his stack
      if (option.all_in_from !== null && option.all_in_from !== undefined) {
        const allIn = el("input", { type: "checkbox", class: "allin", "aria-label": `${label}: all-in` });
        allIn.addEventListener("change", () => {
          const least = allIn.checked ? option.all_in_from : option.min;
          input.min = shown(least);
          range.textContent = rangeOf(least);
        });
        parts.push(el("label", { class: "allin" }, allIn, " all-in"));
      }
      return el("span", { class: "ranged" }, ...parts);
    }
    if (option.all_in_from !== null && option.all_in_from !== undefined) return allInControl(option, money);
    if (option.takes_cards) {
      const input = el("input", {
        type: "text",
        class: "cardsin",
        placeholder: option.kind === "show" ? `cards: ${SHOWN_CARDS.slice(0, option.cards).join(" ")}` : "cards (optional)",
        autocapitalize: "off",
        autocomplete: "off",
        spellcheck: "false",
        "aria-label": `${label}: cards, optional`,
      });
      const button = el("button", { type: "button", class: "tap", "data-option": String(option.index), "data-kind": option.kind, "data-player": option.player }, label);
      return el("span", { class: "with-cards" }, button, input);
    }
    return el("button", { type: "button", class: `tap ${option.kind}`, "data-option": String(option.index), "data-kind": option.kind, "data-player": option.player }, label);
  }

  function allInControl(option, money) {
    // a call, or a bet or raise of one amount (fixed limit), of a player whose stack nobody
    // knows: one button as for anyone, and an all-in box beside it; ticked, the amount he went
    // all-in with is typed (from all_in_from to all_in_to: one chip, or one above the bet, up
    // to the call or the raise), and the line says all-in ("calls 1 all-in"), which shows his
    // stack; unticked, the button adds its own line again
    const shown = (cents) => (money ? (cents / 100).toFixed(2) : String(cents));
    const button = el("button", { type: "button", class: `tap ${option.kind}`, "data-option": String(option.index), "data-kind": option.kind, "data-player": option.player }, option.label);
    const input = el("input", {
      type: "number",
      inputmode: money ? "decimal" : "numeric",
      min: shown(option.all_in_from),
      max: shown(option.all_in_to),
      step: money ? "0.01" : "1",
      value: shown(option.all_in_to),
      hidden: true,
      "data-money": money ? "1" : "",
      "aria-label": `${option.all_in_label} all-in: amount from ${shown(option.all_in_from)} to ${shown(option.all_in_to)}`,
    });
    const wrap = el("span", { class: "all-in-amount" });
    const range = el("span", { class: "range", hidden: true }, `${shown(option.all_in_from)}–${shown(option.all_in_to)}`);
    const allIn = el("input", { type: "checkbox", class: "allin", "aria-label": `${option.label}: all-in` });
    allIn.addEventListener("change", () => {
      input.hidden = range.hidden = !allIn.checked;
      wrap.classList.toggle("typed", allIn.checked);
      button.textContent = allIn.checked ? option.all_in_label : option.label;
    });
    wrap.append(button, input, range, el("label", { class: "allin" }, allIn, " all-in"));
    return wrap;
  }

  function drawControl(option, pat) {
    // "pat" is the stand-pat option; 1 to the most cards the stub can serve are the draw's
    const counts = [];
    if (pat) {
      counts.push(el("button", { type: "button", class: "tap draw", "data-option": String(pat.index), "data-kind": "stand pat", "data-player": pat.player }, "pat"));
    }
    for (let n = 1; n <= option.max; n++) {
      counts.push(
        el("button", { type: "button", class: "tap draw", "data-option": String(option.index), "data-kind": "draw", "data-player": option.player, "data-count": String(n) }, String(n)),
      );
    }
    const input = el("input", {
      type: "text",
      class: "cardsin",
      placeholder: "cards (optional): Qs 3c -> 8s 5c",
      autocapitalize: "off",
      autocomplete: "off",
      spellcheck: "false",
      "aria-label": "draw: cards, optional",
    });
    return el("span", { class: "draws" }, el("span", { class: "draw-label" }, `${option.player} draws`), ...counts, input);
  }

  // A tap (or a start) made with the keyboard redraws the control it was made with: the focus
  // goes to who is to act now, above the new options (the next Tab reaches them), never back to
  // the top of the page, and never to an option itself (a second Enter would add a line)
  function keepFocus(keyed) {
    if (keyed && (!document.activeElement || document.activeElement === document.body)) {
      $("record-turn").focus({ preventScroll: true });
    }
  }

  async function tap(button) {
    const keyed = document.activeElement === button;
    const wrap = button.parentElement;
    // the player and the action the button was made for: when the hand has moved on meanwhile
    // (a line typed, another tap), the server refuses the tap instead of giving it to another
    const choice = button.dataset.kind === "next-hand"
      ? { next_hand: true }
      : { index: Number(button.dataset.option), player: button.dataset.player, kind: button.dataset.kind };
    // only a ranged option's own input (a plain button's parent holds every option's controls),
    // when shown (a call's amount only once all-in is ticked)
    const box = wrap.matches(".ranged, .all-in-amount") ? wrap.querySelector("input[type=number]") : null;
    const amount = box && !box.hidden ? box : null;
    if (amount) choice.amount = amount.dataset.money ? Math.round(Number(amount.value) * 100) : Number(amount.value);
    const allIn = box ? wrap.querySelector("input.allin") : null;
    if (allIn && allIn.checked) choice.all_in = true;
    if (button.dataset.count !== undefined) choice.count = Number(button.dataset.count);
    const cards = wrap.querySelector("input.cardsin");
    if (cards && cards.value.trim() && button.dataset.kind !== "stand pat") choice.cards = cards.value.trim();
    clearTimeout(checkTimer);
    const mine = ++sequence;
    setVerdict("checking…", "pending");
    let answer;
    try {
      answer = await post(root.dataset.tapUrl, { text: text.value, choice: choice });
    } catch (err) {
      answer = { status: 0, data: { error: `could not reach the server (${err.message}): the tap was not added; tap again` } };
    }
    if (mine !== sequence) return;
    if (answer.status !== 200 || answer.data.error) {
      shown = mine; // the text did not change: its marks and options still hold
      render();
      keepFocus(keyed);
      const why = answer.data.error || `could not add the line (${answer.status})`;
      setVerdict(why, "error");
      if (amount) keepRefused(button.dataset, amount.value, Boolean(allIn && allIn.checked), why);
      return;
    }
    text.value = answer.data.text;
    keepDraft();
    last = answer.data.check;
    shown = mine;
    render();
    showLine(answer.data.line);
    keepFocus(keyed);
  }

  function keepRefused(was, typed, allIn, why) {
    // the options were drawn anew: the refused amount stays in its box, with the reason beside
    // it and the box focused, so that the organiser corrects it instead of typing it again
    const again = [...$("record-options").querySelectorAll(".ranged button.tap, .all-in-amount button.tap")].find(
      (b) => b.dataset.kind === was.kind && b.dataset.player === was.player,
    );
    if (!again) return; // the hand moved on meanwhile: nothing to correct
    const wrap = again.parentElement;
    const box = wrap.querySelector("input[type=number]");
    const tick = wrap.querySelector("input.allin");
    if (tick && tick.checked !== allIn) {
      tick.checked = allIn;
      tick.dispatchEvent(new Event("change"));
    }
    box.value = typed;
    box.setAttribute("aria-invalid", "true");
    const note = el("span", { class: "refusal", role: "alert", id: "record-refusal" }, why);
    box.setAttribute("aria-describedby", note.id);
    wrap.append(note);
    box.focus();
  }

  function showLine(number) {
    // the editor scrolls to the line just added; the page stays where the thumb is
    if (!number) return;
    scroller.scrollTop = Math.max(0, rowOf(number) - scroller.clientHeight / 2);
    scroller.scrollLeft = 0;
    const added = el("div", { class: "bl added", "data-line": String(number) });
    added.style.top = `${rowOf(number)}px`;
    backdrop.prepend(added);
  }

  // --- starting an event -------------------------------------------------------------------------------

  function formFields(form) {
    const fields = {};
    for (const [key, value] of new FormData(form).entries()) fields[key] = String(value);
    return fields;
  }

  async function startEvent(event) {
    event.preventDefault();
    const form = event.target;
    const note = $("record-start-error");
    note.textContent = "";
    if (text.value.trim() && !window.confirm("Replace the text on this page with the new event?")) return;
    const answer = await post(root.dataset.startUrl, formFields(form));
    if (answer.status !== 200 || answer.data.error) {
      note.textContent = answer.data.error || `could not start (${answer.status})`;
      return;
    }
    text.value = answer.data.text;
    setSavedFile(answer.data.file, answer.data.file_stamp); // a saved night goes on from its file
    $("record-event-note").textContent = answer.data.note || "";
    const keyed = form.contains(document.activeElement); // (the form is folded away now)
    $("record-setup").open = false;
    if (keyed) $("record-turn").focus({ preventScroll: true });
    changed();
    clearTimeout(checkTimer);
    check();
  }

  async function pickEvent(select) {
    const note = $("record-start-error");
    note.textContent = "";
    const id = select.value;
    const form = select.form;
    form.classList.toggle("continuing", Boolean(id));
    if (!id) return;
    const answer = await getJson(`${root.dataset.eventUrl}?id=${encodeURIComponent(id)}`);
    if (answer.status !== 200) {
      note.textContent = answer.data.error || `could not read the event (${answer.status})`;
      return;
    }
    for (const [name, value] of Object.entries(answer.data.fields)) {
      const field = form.elements.namedItem(name);
      if (field && value !== null && value !== undefined) field.value = String(value);
    }
    if (answer.data.text) {
      if (text.value.trim() && text.value !== answer.data.text &&
          !window.confirm("Load this event's recorded text in place of the text on this page?")) return;
      text.value = answer.data.text;
      setSavedFile(answer.data.file, answer.data.file_stamp);
      changed();
      clearTimeout(checkTimer);
      check();
    }
    $("record-event-note").textContent = answer.data.note || "";
  }

  // --- saving ----------------------------------------------------------------------------------------------

  async function save(replace) {
    const box = $("record-save-result");
    box.replaceChildren(el("p", { class: "muted" }, "saving…"));
    const mine = ++saving;
    let answer;
    try {
      answer = await post(root.dataset.saveUrl, {
        text: text.value,
        replace: Boolean(replace),
        file: savedFile,
        file_stamp: savedStamp,
        saver: saver,
      });
    } catch (err) {
      // the save may have reached the server and its answer been lost: saving again is safe
      // (a hand the ledger holds is not stored twice)
      answer = { status: 0, data: { error: `not saved, or its answer was lost: could not reach the server (${err.message}); save again` } };
    }
    if (mine !== saving) return; // a newer save was asked for: its answer is the one to show
    const data = answer.data || {};
    const parts = [];
    if (data.outcome === "saved") {
      setSavedFile(data.file_name, data.file_stamp);
      parts.push(el("p", { class: "ok" }, data.message));
      // the pages of the app that show what the answer's warnings name (the Settle-up's *carry*)
      for (const link of data.links || []) parts.push(el("p", {}, el("a", { href: link.href }, link.text)));
    }
    else parts.push(el("p", { class: "error" }, data.error || `not saved (${answer.status})`));
    if (data.problems && data.problems.length) {
      parts.push(el("ul", { class: "problems" }, ...data.problems.map((line) => el("li", {}, line))));
    }
    if (data.conflicts && data.conflicts.length) {
      parts.push(
        el(
          "ul",
          { class: "conflicts" },
          ...data.conflicts.map((c) =>
            el("li", {}, el("strong", {}, `hand ${c.hand}${c.table ? " at table " + c.table : ""}`), `: ${c.differences.join("; ")}`),
          ),
        ),
      );
    }
    if (data.dropped && data.dropped.length) {
      parts.push(el("p", {}, `The saved file holds hands this text does not: ${data.dropped.join(", ")}.`));
    }
    if (data.can_replace) {
      parts.push(el("button", { type: "button", id: "record-replace", class: "danger" }, "Replace with this version"));
    }
    onDisk = typeof data.disk_text === "string" ? data : null;
    if (onDisk) {
      // the file as it is now (an editor's or another phone's save): loaded in place of the
      // text, once asked, and gone on with from there
      parts.push(el("button", { type: "button", id: "record-load-file" }, data.outcome === "renamed" ? "Load the renamed night" : "Load the file as it is now"));
    }
    if (data.file) parts.push(el("p", { class: "muted" }, `file: ${data.file}`));
    box.replaceChildren(...parts);
  }

  let onDisk = null; // the answer of a save refused because its file changed: what it holds now

  function loadOnDisk() {
    if (!onDisk) return;
    if (text.value.trim() && text.value !== onDisk.disk_text &&
        !window.confirm(`Load ${onDisk.disk_file} as it is now in place of the text on this page? What this page holds that the file does not is left out.`)) return;
    text.value = onDisk.disk_text;
    setSavedFile(onDisk.disk_file, onDisk.disk_stamp);
    $("record-save-result").replaceChildren(el("p", { class: "muted" }, `Loaded ${onDisk.disk_file} as it is now: go on from it, then save.`));
    onDisk = null;
    changed();
    clearTimeout(checkTimer);
    check();
  }

  // --- wiring -----------------------------------------------------------------------------------------------

  text.addEventListener("input", changed);
  function caretMoved() {
    renderPots();
    callout();
  }
  text.addEventListener("click", caretMoved);
  text.addEventListener("keyup", caretMoved);
  text.addEventListener("focus", caretMoved);
  text.addEventListener("blur", caretMoved);
  scroller.addEventListener("scroll", callout);
  root.addEventListener("click", (event) => {
    const target = event.target.closest("button");
    if (!target || !root.contains(target)) return;
    if (target.classList.contains("tap")) tap(target);
    else if (target.classList.contains("linkish")) goToLine(Number(target.dataset.line));
    else if (target.id === "record-save") save(false);
    else if (target.id === "record-replace") save(true);
    else if (target.id === "record-load-file") loadOnDisk();
  });
  gutter.addEventListener("click", (event) => {
    const y = event.clientY - gutter.getBoundingClientRect().top - PAD;
    const number = Math.floor(y / LINE) + 1;
    if (number >= 1 && number <= lines().length) goToLine(number);
  });
  $("record-event-form").addEventListener("submit", startEvent);
  const select = $("record-event-select");
  if (select) select.addEventListener("change", () => pickEvent(select));
  // the connection back (a phone that lost the Wi-Fi): the text on the page is checked again,
  // its verdict no longer that the server could not be reached
  window.addEventListener("online", () => {
    clearTimeout(checkTimer);
    sequence += 1;
    check();
  });
  window.addEventListener("resize", () => {
    roomWidth = 0;
    layout();
  });

  try {
    // a reload of this tab is still this tab (sessionStorage is the tab's own); a tab that
    // starts from another tab's latest draft names itself anew
    const own = JSON.parse(window.sessionStorage.getItem(DRAFT_KEY) || "null");
    if (own && typeof own.saver === "string" && own.saver) saver = own.saver;
  } catch (err) {
    /* nothing kept: a new name */
  }
  const draft = keptDraft();
  if (!text.value && draft && draft.text) {
    text.value = draft.text;
    savedFile = typeof draft.file === "string" ? draft.file : null;
    savedStamp = savedFile && typeof draft.stamp === "string" ? draft.stamp : null;
  }
  if (text.value.trim()) $("record-setup").open = false;
  changed();
  clearTimeout(checkTimer);
  check();
})();
