import { useId, useState } from 'react';
import { UPLOAD_CONTENT_TYPES, type ContentImageJson } from '#domain/admin-images.ts';
import { ApiError } from '#app/lib/api.ts';
import { failureMessage } from './ui.tsx';
import { FormMessage } from '../forms/FormMessage.tsx';
import { inputClass, secondaryButton } from '../forms/styles.ts';

/**
 * Sends an image to the shop (POST /api/admin/content/images): checked and resized as product
 * images are. The file goes as the raw body, typed by the browser; the server reads its real type.
 */
export async function uploadContentImage(file: File, alt: string): Promise<ContentImageJson> {
  const response = await fetch(`/api/admin/content/images?alt=${encodeURIComponent(alt)}`, {
    method: 'POST',
    body: file,
    credentials: 'same-origin',
    headers: {
      accept: 'application/json',
      'content-type': file.type || 'application/octet-stream',
    },
  });
  const json = (await response.json().catch(() => null)) as { data: ContentImageJson } | null;
  if (!response.ok || !json) throw new ApiError(response.status, json as never);
  return json.data;
}

/**
 * Choose a file, describe it, upload it: the one way staff put an image into a page, a slide or
 * a tile. `alt` given means the description is kept by the caller (a slide's own field) or not
 * needed (a tile, named by its title); otherwise the description is asked for here, required.
 */
export function ImageUpload({
  label,
  button,
  alt,
  onUploaded,
}: {
  /** Names the file field, e.g. "Slide 1 image file". */
  label: string;
  /** The upload button's text, e.g. "Upload and insert". */
  button: string;
  alt?: string;
  onUploaded: (image: ContentImageJson) => void;
}) {
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const [description, setDescription] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const upload = async () => {
    const text = alt ?? description.trim();
    if (!file) return setError('Choose an image file');
    if (alt === undefined && text === '')
      return setError('Describe the image for those who cannot see it');
    setBusy(true);
    setError(null);
    try {
      onUploaded(await uploadContentImage(file, text || label));
      setFile(null);
      setDescription('');
    } catch (failure) {
      setError(failureMessage(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-end gap-2">
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-file`} className="text-sm font-medium">
            {label}
          </label>
          <input
            id={`${id}-file`}
            type="file"
            accept={UPLOAD_CONTENT_TYPES.join(',')}
            className="text-sm"
            onChange={(event) => setFile(event.target.files?.[0] ?? null)}
          />
        </div>
        {alt === undefined ? (
          <div className="flex flex-col gap-1">
            <label htmlFor={`${id}-alt`} className="text-sm font-medium">
              Image description (alt text)<span aria-hidden="true"> *</span>
            </label>
            <input
              id={`${id}-alt`}
              className={inputClass}
              aria-required
              value={description}
              onChange={(event) => setDescription(event.target.value)}
            />
          </div>
        ) : null}
        <button
          type="button"
          className={secondaryButton}
          disabled={busy}
          onClick={() => void upload()}
        >
          {busy ? 'Uploading…' : button}
        </button>
      </div>
      {error ? <FormMessage kind="error">{error}</FormMessage> : null}
    </div>
  );
}
