/* The game's dice, recomputed in the browser from the revealed seed: exactly rules/dice.py
   (rulebook: Common / Checking the dice in your browser). Roll number `index` of a die with
   `sides` faces: for attempt = 0, 1, 2...: take the first 8 bytes of
   HMAC-SHA256(key = seed, message = "<index>:<attempt>") as a big-endian unsigned 64-bit number
   v; if v < 2^64 - (2^64 mod sides), the roll is v mod sides + 1, else try the next attempt. */
(function (root) {
  'use strict';
  var SPACE = BigInt(2) ** BigInt(64);
  var subtle = root.crypto && root.crypto.subtle;
  var encoder = new TextEncoder();

  function hexToBytes(hex) {
    if (!/^(?:[0-9a-f]{2})+$/i.test(hex)) throw new Error('not hex');
    var bytes = new Uint8Array(hex.length / 2);
    for (var i = 0; i < bytes.length; i++) bytes[i] = parseInt(hex.substr(i * 2, 2), 16);
    return bytes;
  }
  function toHex(buffer) {
    return Array.from(new Uint8Array(buffer), function (b) {
      return b.toString(16).padStart(2, '0');
    }).join('');
  }
  function seedKey(seedHex) {
    return subtle.importKey('raw', hexToBytes(seedHex), { name: 'HMAC', hash: 'SHA-256' },
      false, ['sign']);
  }
  /* The roll as a BigInt, for dice of any size (`sides` a BigInt). */
  async function drawBig(key, index, sides) {
    if (sides < BigInt(1)) throw new Error('a die needs at least one side');
    var limit = SPACE - (SPACE % sides);
    for (var attempt = 0; ; attempt++) {
      var digest = await subtle.sign('HMAC', key, encoder.encode(index + ':' + attempt));
      var value = new DataView(digest).getBigUint64(0, false);
      if (value < limit) return value % sides + BigInt(1);
    }
  }
  async function draw(key, index, sides) {
    return Number(await drawBig(key, index, BigInt(sides)));
  }
  async function commitment(seedHex) {
    return toHex(await subtle.digest('SHA-256', hexToBytes(seedHex)));
  }
  /* {hash, marks} from the seed and the dice alone: hash is the seed's SHA-256 (to compare
     with the one the group's start message published), marks[i] whether rolls[i]
     ({index, sides, value}) is what the seed gives. */
  async function check(seedHex, rolls) {
    var key = await seedKey(seedHex);
    var marks = [];
    for (var i = 0; i < rolls.length; i++) {
      var r = rolls[i];
      marks.push((await draw(key, r.index, r.sides)) === r.value);
    }
    return { hash: await commitment(seedHex), marks: marks };
  }
  /* {seedOk, marks}: check() and whether the hash is `published`. */
  async function verify(seedHex, published, rolls) {
    var found = await check(seedHex, rolls);
    return { seedOk: found.hash === String(published).toLowerCase(), marks: found.marks };
  }
  /* A hash as the eye compares it: groups of 8 hex digits. */
  function groups(hex) {
    return String(hex).match(/.{1,8}/g).join(' ');
  }
  var SEED = /^[0-9a-f]{64}$/;
  var api = { available: !!subtle, seedKey: seedKey, draw: draw, drawBig: drawBig, commitment: commitment,
    check: check, verify: verify, groups: groups, isSeed: function (text) { return SEED.test(text); } };
  root.GameDice = api;
  if (typeof module !== 'undefined' && module.exports) module.exports = api;
})(typeof window !== 'undefined' ? window : globalThis);
