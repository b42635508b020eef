// The mbox format (mboxrd, RFC 4155): many mails in one file, which mail clients open as a
// folder (Thunderbird, mutt, Apple Mail) and which grows by appending, one write per mail.

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const two = (n: number) => String(n).padStart(2, '0');

/** The separator line's date, in C's asctime form and UTC: 'Tue Nov  3 09:05:07 2026'. */
function asctime(date: Date): string {
  const time = `${two(date.getUTCHours())}:${two(date.getUTCMinutes())}:${two(date.getUTCSeconds())}`;
  const day = String(date.getUTCDate()).padStart(2, ' ');
  return `${WEEKDAYS[date.getUTCDay()]} ${MONTHS[date.getUTCMonth()]} ${day} ${time} ${date.getUTCFullYear()}`;
}

/** The address alone: 'Tessera <hello@tessera.local>' → 'hello@tessera.local'. */
const bareAddress = (from: string) => /<([^>]+)>/.exec(from)?.[1] ?? from.replace(/\s+/g, '');

/**
 * One mail as an mbox entry: the 'From ' separator line, the message with LF line ends and each
 * line that begins with 'From ' (after any '>') given one more '>', so no line of a message is
 * ever read as the start of the next; then a blank line.
 */
export function mboxEntry(from: string, date: Date, message: string): string {
  const body = message.replace(/\r\n/g, '\n').replace(/^(>*From )/gm, '>$1');
  return `From ${bareAddress(from)} ${asctime(date)}\n${body}${body.endsWith('\n') ? '' : '\n'}\n`;
}
