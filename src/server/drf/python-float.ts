/**
 * A number as Python's repr() writes a float, which is what the real service's JSON carries:
 * integral values keep ".0" and the exponent form starts below 1e-4 and at 1e16.
 */
export function pythonFloat(value: number): string {
  if (!Number.isFinite(value)) throw new RangeError(`not a finite number: ${value}`);
  if (value === 0) return Object.is(value, -0) ? '-0.0' : '0.0';
  // toExponential() with no argument gives the shortest digits that round-trip, as repr() does.
  const [mantissa = '', exponentText = '0'] = value.toExponential().split('e');
  const exponent = Number(exponentText);
  const negative = mantissa.startsWith('-');
  const digits = mantissa.replace('-', '').replace('.', '');
  let body: string;
  if (exponent < -4 || exponent >= 16) {
    const head = digits.length > 1 ? `${digits[0]}.${digits.slice(1)}` : digits;
    body = `${head}e${exponent < 0 ? '-' : '+'}${String(Math.abs(exponent)).padStart(2, '0')}`;
  } else if (exponent < 0) {
    body = `0.${'0'.repeat(-exponent - 1)}${digits}`;
  } else if (digits.length <= exponent + 1) {
    body = `${digits}${'0'.repeat(exponent + 1 - digits.length)}.0`;
  } else {
    body = `${digits.slice(0, exponent + 1)}.${digits.slice(exponent + 1)}`;
  }
  return negative ? `-${body}` : body;
}
