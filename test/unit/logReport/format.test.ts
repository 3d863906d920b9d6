import { describe, test } from 'node:test';
import * as assert from 'node:assert/strict';
import { exactValue, formatDuration, formatLocalTime, formatNumber, formatPercent, formatUtcOffset, formatValue, isRate } from '../../../src/core/format/displayFormat';
import { formatCount } from '../../../src/core/l10n/numberFormat';

describe('formatNumber', () => {
  test('integers get thousands separators', () => {
    assert.equal(formatNumber(0), '0');
    assert.equal(formatNumber(42), '42');
    assert.equal(formatNumber(1234567), '1,234,567');
    assert.equal(formatNumber(-1500), '-1,500');
  });
  test('every number is grouped as Intl groups it in en-US, integers and the whole part of large decimals alike', () => {
    const intl = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
    const values = [-0, 7, -999, 1000, -1000, 65_536, 1234567, -98_765_432, 2 ** 53 - 1, -(2 ** 53), 2 ** 70, 1e21, -1.5e300, Number.MAX_VALUE];
    for (let i = 0; i < 200; i++) values.push(Math.round((Math.random() - 0.5) * 10 ** (i % 18)));
    for (const value of values) assert.equal(formatNumber(value), intl.format(value) === '-0' ? '0' : intl.format(value), String(value));
    for (const value of [1234.5678, -98765.4321, 1e15 + 0.5]) {
      const [whole, fraction] = String(Number(value.toFixed(3))).split('.');
      assert.equal(formatNumber(value), `${intl.format(Number(whole))}${fraction ? `.${fraction}` : ''}`, String(value));
    }
  });
  test('numbers from 1 up keep 3 decimals, trailing zeros dropped', () => {
    assert.equal(formatNumber(12.34567), '12.346');
    assert.equal(formatNumber(2.5), '2.5');
    assert.equal(formatNumber(1.0004), '1');
    assert.equal(formatNumber(12345.6789), '12,345.679');
  });
  test('numbers below 1 keep 3 significant digits', () => {
    assert.equal(formatNumber(0.123456), '0.123');
    assert.equal(formatNumber(0.5), '0.5');
    assert.equal(formatNumber(0.000123456), '0.000123');
    assert.equal(formatNumber(-0.98765), '-0.988');
  });
  test('non-finite values are named', () => {
    assert.equal(formatNumber(Number.NaN), 'NaN');
    assert.equal(formatNumber(Number.POSITIVE_INFINITY), '∞');
  });
});

describe('rates', () => {
  test('percent with one decimal', () => {
    assert.equal(formatPercent(0.8567), '85.7%');
    assert.equal(formatPercent(1), '100%');
    assert.equal(formatPercent(0), '0%');
    assert.equal(formatPercent(0.5), '50%');
  });
  test('a rate is recognised by metric type, key or boolean kind', () => {
    assert.equal(isRate('accuracy', 'value'), true);
    assert.equal(isRate('mean', 'pass_at_3'), true);
    assert.equal(isRate('mean', 'error_rate'), true);
    assert.equal(isRate(undefined, 'correct', 'boolean'), true);
    assert.equal(isRate('mean', 'quality'), false);
    assert.equal(isRate(undefined, 'tokens'), false);
  });
  test('formatValue shows rates as percentages only inside [0, 1]', () => {
    assert.equal(formatValue(0.25, true), '25%');
    assert.equal(formatValue(3, true), '3');
    assert.equal(formatValue(0.25), '0.25');
    assert.equal(formatValue(true), 'true');
    assert.equal(formatValue(null), '—');
    assert.equal(formatValue({ a: 1 }), '{"a":1}');
  });
  test('the exact value is kept for tooltips', () => {
    assert.equal(exactValue(0.123456789), '0.123456789');
    assert.equal(exactValue('x'), 'x');
    assert.equal(exactValue(null), 'null');
  });
});

describe('formatDuration', () => {
  test('scales from milliseconds to days', () => {
    assert.equal(formatDuration(0.85), '850 ms');
    assert.equal(formatDuration(12.34), '12.3 s');
    assert.equal(formatDuration(59), '59 s');
    assert.equal(formatDuration(185), '3 min 5 s');
    assert.equal(formatDuration(180), '3 min');
    assert.equal(formatDuration(7380), '2 h 3 min');
    assert.equal(formatDuration(3 * 86400 + 4 * 3600 + 59), '3 d 4 h');
  });
  test('negative or missing durations show a dash', () => {
    assert.equal(formatDuration(-1), '—');
    assert.equal(formatDuration(Number.NaN), '—');
  });
});

describe('formatLocalTime', () => {
  const t = Date.UTC(2026, 0, 1, 9, 0, 0) / 1000;
  test('shows wall time in the given zone with its UTC offset', () => {
    assert.equal(formatLocalTime(t, 0), '2026-01-01 09:00:00 UTC');
    assert.equal(formatLocalTime(t, 60), '2026-01-01 10:00:00 UTC+01:00');
    assert.equal(formatLocalTime(t, -330), '2026-01-01 03:30:00 UTC-05:30');
    assert.equal(formatLocalTime(t, -600), '2025-12-31 23:00:00 UTC-10:00');
  });
  test('defaults to the zone of the process at that instant', () => {
    const offset = -new Date(t * 1000).getTimezoneOffset();
    assert.equal(formatLocalTime(t), formatLocalTime(t, offset));
    assert.match(formatLocalTime(t), /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC/);
  });
  test('offsets', () => {
    assert.equal(formatUtcOffset(0), 'UTC');
    assert.equal(formatUtcOffset(345), 'UTC+05:45');
  });
  test('counts', () => {
    assert.equal(formatCount(57330), '57,330');
  });
});
