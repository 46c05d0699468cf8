/** Login names: lower case, so "Maija" and "maija" are one account on every store. */
export const moderatorNamePattern = /^[a-z0-9][a-z0-9._-]{0,63}$/;

export function normalizeModeratorName(name: string): string {
  return name.trim().toLowerCase();
}

export function moderatorNameProblem(name: string): string | undefined {
  return moderatorNamePattern.test(name)
    ? undefined
    : 'a moderator name is 1–64 of a–z, 0–9, ".", "_" or "-", starting with a letter or digit';
}
