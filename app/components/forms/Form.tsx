import { createContext, use, type FormHTMLAttributes, type ReactNode } from 'react';
import { FormProvider, useFormState, type FieldValues, type UseFormReturn } from 'react-hook-form';

/** Where a form shows its messages: under each field, or as one list (`<FormErrorList />`). */
export type ErrorDisplay = 'inline' | 'list';

const ErrorDisplayContext = createContext<ErrorDisplay>('inline');

/** How the fields of the surrounding form show their messages. */
export const useErrorDisplay = () => use(ErrorDisplayContext);

export interface FormProps<
  TValues extends FieldValues,
  TContext,
  TOutput extends FieldValues,
> extends Omit<FormHTMLAttributes<HTMLFormElement>, 'onSubmit' | 'children'> {
  form: UseFormReturn<TValues, TContext, TOutput>;
  /** Usually `form.handleSubmit(...)`. */
  onSubmit: FormHTMLAttributes<HTMLFormElement>['onSubmit'];
  /**
   * 'list': fields only mark themselves invalid, the messages show as one list that clears as
   * soon as the shopper edits anything (spec section 5). 'inline': each message under its field.
   */
  errors?: ErrorDisplay;
  children: ReactNode;
}

/**
 * A react-hook-form form with its fields (`Field`, `SelectField`, ...) connected through context.
 * Validation is the browser's job here, not the HTML attributes' (`noValidate`): the shared Zod
 * schema gives the spec's messages.
 */
export function Form<TValues extends FieldValues, TContext, TOutput extends FieldValues>({
  form,
  onSubmit,
  errors = 'inline',
  children,
  onChange,
  ...props
}: FormProps<TValues, TContext, TOutput>) {
  // Read here, not from `form.formState`: that is the snapshot of the owner's last render.
  const { errors: current } = useFormState({ control: form.control });
  const hasErrors = Object.keys(current).length > 0;
  return (
    <FormProvider {...form}>
      <ErrorDisplayContext value={errors}>
        {/* POST, so a form the browser sends itself (its scripts never came) never puts what was
            typed, a password included, into the address bar, history or server logs. */}
        <form
          method="post"
          noValidate
          onSubmit={onSubmit}
          onChange={(event) => {
            if (errors === 'list' && hasErrors) {
              form.clearErrors();
            }
            onChange?.(event);
          }}
          {...props}
        >
          {children}
        </form>
      </ErrorDisplayContext>
    </FormProvider>
  );
}
