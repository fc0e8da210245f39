// @ts-check
'use strict';

/**
 * Deterministic pseudo-random helpers. Everything the sandbox generates comes
 * from these so that the same seed always yields byte-identical data.
 */

/**
 * mulberry32: tiny, fast 32-bit PRNG with good enough distribution for fixtures.
 * @param {number} seed
 * @returns {() => number} uniform float in [0, 1)
 */
function mulberry32(seed) {
	let a = seed >>> 0;
	return function next() {
		a = (a + 0x6d2b79f5) >>> 0;
		let t = a;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
}

/**
 * Derive an independent 32-bit seed from a base seed and a salt, so that
 * different generators (candidates, vacancies, faults...) never share a stream
 * and adding records of one kind does not shift the data of another.
 * @param {number} seed
 * @param {string} salt
 * @returns {number}
 */
function deriveSeed(seed, salt) {
	// FNV-1a over the salt, mixed with the seed.
	let h = 0x811c9dc5 ^ (seed >>> 0);
	for (let i = 0; i < salt.length; i++) {
		h ^= salt.charCodeAt(i);
		h = Math.imul(h, 0x01000193);
	}
	return h >>> 0;
}

/**
 * Convenience wrapper around a PRNG stream.
 */
class Random {
	/** @param {number} seed */
	constructor(seed) {
		this.next = mulberry32(seed);
	}

	/**
	 * Integer in [min, max] (inclusive).
	 * @param {number} min
	 * @param {number} max
	 */
	int(min, max) {
		return min + Math.floor(this.next() * (max - min + 1));
	}

	/**
	 * @template T
	 * @param {readonly T[]} list
	 * @returns {T}
	 */
	pick(list) {
		return list[Math.floor(this.next() * list.length)];
	}

	/** @param {number} probability */
	chance(probability) {
		return this.next() < probability;
	}

	/**
	 * Up to `count` distinct items of `list` (order follows the draw).
	 * @template T
	 * @param {readonly T[]} list
	 * @param {number} count
	 * @returns {T[]}
	 */
	sample(list, count) {
		const copy = list.slice();
		const out = [];
		for (let i = 0; i < count && copy.length > 0; i++) {
			out.push(copy.splice(Math.floor(this.next() * copy.length), 1)[0]);
		}
		return out;
	}

	/** A fresh 32-bit seed drawn from this stream. */
	seed() {
		return Math.floor(this.next() * 4294967296) >>> 0;
	}
}

module.exports = { mulberry32, deriveSeed, Random };
