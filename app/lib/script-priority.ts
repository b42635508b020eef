import { Transform } from 'node:stream';

const HEAD_END = Buffer.from('</head>');
const MODULE_PRELOAD = /<link rel="modulepreload"/g;

/**
 * Marks the head's script preloads `fetchpriority="low"` as the page streams out. A rendered page
 * shows and works (its links are plain links) before its scripts run, so on a slow line the
 * styles and the largest image should have the bandwidth first; at their default high priority
 * a dozen scripts shared it with them. React Router writes the preloads itself and takes no
 * priority for them, so they are marked here, once, in the head.
 */
export function lowPriorityScriptPreloads(): Transform {
  let head: Buffer | null = Buffer.alloc(0);
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (head === null) return callback(null, chunk);
      head = Buffer.concat([head, chunk]);
      const end = head.indexOf(HEAD_END);
      if (end === -1) return callback();
      const marked = head
        .subarray(0, end)
        .toString('utf8')
        .replace(MODULE_PRELOAD, '<link rel="modulepreload" fetchpriority="low"');
      const rest = head.subarray(end);
      head = null;
      callback(null, Buffer.concat([Buffer.from(marked, 'utf8'), rest]));
    },
    flush(callback) {
      callback(null, head?.length ? head : undefined);
    },
  });
}
