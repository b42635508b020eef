/**
 * Spellings of one `/api/...` path that a router may decode, fold or tolerate: percent-encoded
 * (once and twice), doubled slashes, another case, a trailing dot or slash, `.` and `..`
 * segments. A check that reads the path has to hold against every one.
 */
export function pathSpellings(path: string): string[] {
  const rest = path.slice('/api/'.length);
  return [
    path,
    `/%61pi/${rest}`,
    `/%2561pi/${rest}`,
    `/api/${rest.replace(/^(.)/, (c) => `%${c.charCodeAt(0).toString(16)}`)}`,
    `//api/${rest}`,
    `/api//${rest}`,
    `/API/${rest}`,
    `/Api/${rest}`,
    `/api./${rest}`,
    `/api/${rest}/`,
    `/api/${rest}.`,
    `/api/./${rest}`,
    `/x/../api/${rest}`,
  ];
}
