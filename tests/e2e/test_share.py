"""Share links: web/share.js packs a record into a URL fragment and back; garbage is refused clearly."""

from __future__ import annotations

import shoal

ROUND_TRIP = """async (record) => {
  const share = await import('./share.js');
  const text = await share.encodeRecord(record);
  return { text, back: await share.decodeRecord(text) };
}"""

REFUSE = """async (text) => {
  const share = await import('./share.js');
  try { await share.decodeRecord(text); return null; }
  catch (e) { return e instanceof Error ? e.message : 'not an Error'; }
}"""


def _lobby(page):
    page.goto(page.site_url + "index.html")
    page.wait_for_function("['lobby', 'loading'].includes(document.body.dataset.status)")


def test_a_record_round_trips_through_a_share_payload(page):
    """'the record compressed into the URL fragment … nothing leaves the device'"""
    match = shoal.new_match("museum", 2, seed=11)
    while not match.is_over():
        seat = match.to_act()[0]
        match.play(seat, match.bot_action(seat, "random"))
    record = {**match.record(), "names": ["Ada", ""], "seats": ["human", "bot"]}
    _lobby(page)
    out = page.evaluate(ROUND_TRIP, record)
    assert out["back"] == record
    assert all(c.isalnum() or c in "-_" for c in out["text"]), "base64url only: safe in a URL fragment"
    import json

    assert len(out["text"]) < len(json.dumps(record)), "compressed"
    assert shoal.replay({k: v for k, v in out["back"].items() if k not in ("names",)}).is_over()


def test_a_damaged_payload_is_refused_with_a_reason(page):
    """'decode refuses garbage with a clear Error'"""
    _lobby(page)
    for garbage in ["", "!!!not base64!!!", "AAAA", "x", "bm90IGRlZmxhdGU", 42, None]:
        message = page.evaluate(REFUSE, garbage)
        assert message and message != "not an Error", (garbage, message)
        assert "link" in message or "game" in message, message


def test_a_payload_that_inflates_beyond_any_game_is_refused(page):
    """A few KB must not inflate into gigabytes in the player's tab."""
    _lobby(page)
    message = page.evaluate("""async () => {
      const share = await import('./share.js');
      const text = await share.encodeRecord({ game: 'museum', actions: [], pad: 'a'.repeat(9000000) });
      try { await share.decodeRecord(text); return null; } catch (e) { return [text.length, e.message]; }
    }""")
    assert message and message[0] < 100_000 and "inflates" in message[1], message


def test_a_payload_holding_json_that_is_not_a_record_is_refused(page):
    _lobby(page)
    message = page.evaluate("""async () => {
      const share = await import('./share.js');
      const text = await share.encodeRecord({ hello: 'world' });
      try { await share.decodeRecord(text); return null; } catch (e) { return e.message; }
    }""")
    assert message == "the link does not hold a Shoal game record"
