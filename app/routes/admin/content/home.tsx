import { useState } from 'react';
import { useFieldArray, useForm, useFormContext, useFormState } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { homeInputSchema, type HomeInput, type HomeJson } from '#domain/content-admin.ts';
import { applyServerErrors } from '#app/components/admin/ui.tsx';
import { adminFetch } from '#app/lib/admin-api.ts';
import { isStaleSave, StaleSaveNotice } from '#app/components/admin/StaleSave.tsx';
import { changedFields, useStaleReload } from '#app/components/admin/editor-session.ts';
import { Form } from '#app/components/forms/Form.tsx';
import { Field } from '#app/components/forms/Field.tsx';
import { FormMessage } from '#app/components/forms/FormMessage.tsx';
import { inputClass, primaryButton } from '#app/components/forms/styles.ts';
import { Spinner } from '#app/components/ui/Spinner.tsx';
import { ContentNav } from '#app/components/admin/ContentNav.tsx';
import { ImageUpload } from '#app/components/admin/ImageUpload.tsx';
import { RowList } from '#app/components/admin/RowList.tsx';
import { contentImageUrl } from '#domain/admin-images.ts';

/** A picture of what an image address shows, small, beside its upload. */
function Preview({ src, alt }: { src: string; alt: string }) {
  return src ? (
    <img src={src} alt={alt} className="h-24 w-40 rounded border border-stone-200 object-cover" />
  ) : (
    <p className="text-sm text-stone-600">No image yet: upload one.</p>
  );
}

/** A slide's image: a generated stone banner, or an uploaded image with its alt text. */
function SlideImageFields({ index }: { index: number }) {
  const { watch, setValue, register } = useFormContext<HomeInput>();
  const image = watch(`slides.${index}.image`);
  const title = watch(`slides.${index}.title`);
  const uploaded = 'src' in image;
  return (
    <fieldset className="flex flex-col gap-2 rounded border border-stone-200 p-3">
      <legend className="px-1 text-sm font-medium">Image of slide {index + 1}</legend>
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          checked={uploaded}
          onChange={(event) =>
            setValue(
              `slides.${index}.image`,
              event.target.checked
                ? { src: '', alt: '' }
                : { material: 'marble', colour: 'white', seed: 1 },
              { shouldDirty: true },
            )
          }
        />
        An uploaded image instead of a generated stone banner
      </label>
      {uploaded ? (
        <div className="flex flex-col gap-2">
          <Preview src={image.src} alt={image.alt ?? ''} />
          <Field
            name={`slides.${index}.image.alt`}
            label={`Slide ${index + 1} image description`}
          />
          <ImageUpload
            label={`Slide ${index + 1} image file`}
            button={`Upload the image of slide ${index + 1}`}
            alt={image.alt || title || `Slide ${index + 1}`}
            onUploaded={(file) =>
              setValue(
                `slides.${index}.image`,
                { src: contentImageUrl(file.id, 1280), alt: image.alt ?? '' },
                { shouldDirty: true },
              )
            }
          />
        </div>
      ) : (
        <div className="grid gap-2 md:grid-cols-3">
          <Field name={`slides.${index}.image.material`} label="Stone (e.g. marble)" />
          <Field name={`slides.${index}.image.colour`} label="Colour (e.g. white)" />
          <div className="flex flex-col gap-1">
            <label className="text-sm font-medium" htmlFor={`slide-${index}-seed`}>
              Pattern number
            </label>
            <input
              id={`slide-${index}-seed`}
              type="number"
              className={inputClass}
              {...register(`slides.${index}.image.seed`, { valueAsNumber: true })}
            />
          </div>
        </div>
      )}
    </fieldset>
  );
}

function Slides() {
  const { control } = useFormContext<HomeInput>();
  const slides = useFieldArray({ control, name: 'slides' });
  return (
    <section aria-labelledby="slides-heading" className="flex flex-col gap-4">
      <h2 id="slides-heading" className="text-xl font-semibold">
        Hero slides
      </h2>
      <RowList
        rows={slides.fields}
        noun="slide"
        heading={(i) => `Slide ${i + 1}`}
        move={slides.move}
        remove={slides.remove}
        add={{
          label: 'Add a slide',
          onClick: () =>
            slides.append({
              subtitle: '',
              title: '',
              description: '',
              link: '/',
              image: { material: 'marble', colour: 'white', seed: 1 },
            }),
        }}
      >
        {(i) => (
          <>
            <div className="grid gap-3 md:grid-cols-2">
              <Field name={`slides.${i}.title`} label={`Slide ${i + 1} title`} required />
              <Field name={`slides.${i}.subtitle`} label={`Slide ${i + 1} subtitle`} />
            </div>
            <Field name={`slides.${i}.description`} label={`Slide ${i + 1} description`} />
            <Field
              name={`slides.${i}.link`}
              label={`Slide ${i + 1} link (a path such as /collections/…)`}
              required
            />
            <SlideImageFields index={i} />
          </>
        )}
      </RowList>
    </section>
  );
}

/** A tile's image, uploaded: the tile's title describes it. */
function TileImage({ index }: { index: number }) {
  const { watch, setValue } = useFormContext<HomeInput>();
  const [src, title] = [watch(`tiles.${index}.image`), watch(`tiles.${index}.title`)];
  const { errors } = useFormState<HomeInput>({ name: `tiles.${index}.image` });
  const error = errors.tiles?.[index]?.image?.message;
  return (
    <div className="flex flex-col gap-2">
      <Preview src={src} alt="" />
      {error ? (
        <p className="text-sm text-red-700">
          Tile {index + 1} image: {error}
        </p>
      ) : null}
      <ImageUpload
        label={`Tile ${index + 1} image file`}
        button={`Upload the image of tile ${index + 1}`}
        alt={title || `Tile ${index + 1}`}
        onUploaded={(file) =>
          setValue(`tiles.${index}.image`, contentImageUrl(file.id, 640), {
            shouldDirty: true,
            shouldValidate: true,
          })
        }
      />
    </div>
  );
}

function Tiles() {
  const { control } = useFormContext<HomeInput>();
  const tiles = useFieldArray({ control, name: 'tiles' });
  return (
    <section aria-labelledby="tiles-heading" className="flex flex-col gap-4">
      <h2 id="tiles-heading" className="text-xl font-semibold">
        Promotional tiles
      </h2>
      <RowList
        rows={tiles.fields}
        noun="tile"
        heading={(i) => `Tile ${i + 1}`}
        move={tiles.move}
        remove={tiles.remove}
        add={{
          label: 'Add a tile',
          onClick: () => tiles.append({ title: '', href: '/', image: '' }),
        }}
      >
        {(i) => (
          <>
            <div className="grid gap-3 md:grid-cols-2">
              <Field name={`tiles.${i}.title`} label={`Tile ${i + 1} title`} required />
              <Field name={`tiles.${i}.href`} label={`Tile ${i + 1} link`} required />
            </div>
            <TileImage index={i} />
          </>
        )}
      </RowList>
    </section>
  );
}

/** The home page as the back office loads it: with the version its save is made from. */
type LoadedHome = HomeJson & { version: number };

function HomeForm({
  home,
  reapply,
  reload,
}: {
  home: LoadedHome;
  /** This form's changes, put back over the version a stale save reloaded. */
  reapply: Partial<HomeInput> | null;
  reload: (reapply?: Partial<HomeInput>) => Promise<void>;
}) {
  const queryClient = useQueryClient();
  const [message, setMessage] = useState<{
    kind: 'error' | 'success' | 'stale';
    text: string;
  } | null>(
    reapply
      ? {
          kind: 'success',
          text: 'Your changes are back on top of the saved home page: check and save',
        }
      : null,
  );
  // Moved on by this form's saves only, so a colleague's save in between is refused.
  const [version, setVersion] = useState(home.version);
  const loaded: HomeInput = { slides: home.slides, tiles: home.tiles };
  const form = useForm<HomeInput, unknown, HomeJson>({
    resolver: zodResolver(homeInputSchema),
    defaultValues: { ...loaded, ...reapply },
  });
  const onSubmit = form.handleSubmit(
    async (values) => {
      setMessage(null);
      try {
        const { data } = await adminFetch<{ data: LoadedHome }>('/api/admin/home', {
          method: 'PUT',
          body: { ...values, version },
        });
        queryClient.setQueryData(['admin', 'home'], data);
        setVersion(data.version);
        form.reset({ slides: data.slides, tiles: data.tiles });
        setMessage({ kind: 'success', text: 'Home page saved: the shop shows it now.' });
      } catch (error) {
        const text = applyServerErrors(form, error);
        setMessage({ kind: isStaleSave(error) ? 'stale' : 'error', text });
      }
    },
    (errors) => {
      const first = errors.slides?.message ?? errors.tiles?.message;
      setMessage({ kind: 'error', text: first ?? 'Please correct the marked fields' });
    },
  );
  return (
    <Form form={form} onSubmit={onSubmit} aria-label="Home page" className="flex flex-col gap-8">
      {message?.kind === 'stale' ? (
        <StaleSaveNotice
          noun="home page"
          message={message.text}
          onReload={() => void reload()}
          onReapply={() => void reload(changedFields(form.getValues(), loaded))}
        />
      ) : message ? (
        <FormMessage kind={message.kind}>{message.text}</FormMessage>
      ) : null}
      <Slides />
      <Tiles />
      <button type="submit" className={`${primaryButton} self-start`}>
        Save the home page
      </button>
    </Form>
  );
}

/** The home page's hero slides and promotional tiles, in order. */
export default function AdminHome() {
  const home = useQuery({
    queryKey: ['admin', 'home'],
    queryFn: async () => (await adminFetch<{ data: LoadedHome }>('/api/admin/home')).data,
  });
  const stale = useStaleReload<Partial<HomeInput>>(() => home.refetch());
  return (
    <div className="flex max-w-4xl flex-col gap-6">
      <h1 className="text-2xl font-semibold">Home page</h1>
      <ContentNav />
      {home.error ? (
        <p role="alert">The home page could not be loaded: please try again.</p>
      ) : !home.data ? (
        <Spinner label="Loading the home page" />
      ) : (
        <HomeForm
          key={stale.generation}
          home={home.data}
          reapply={stale.reapply}
          reload={stale.reload}
        />
      )}
    </div>
  );
}
