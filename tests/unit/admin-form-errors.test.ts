import { describe, expect, it } from 'vitest';
import { applyServerErrors, failureMessage, formProblem } from '#app/components/admin/ui.tsx';
import { ApiError } from '#app/lib/api.ts';

/** A form that keeps what was set on its fields. */
function recordingForm() {
  const errors: Record<string, string | undefined> = {};
  return {
    errors,
    setError: (field: string, error: { message?: string }) => {
      errors[field] = error.message;
    },
  };
}

/** An error answer as the API writes it. */
const answer = (status: number, code: string, message: string, fields?: Record<string, string>) =>
  new ApiError(status, { code, message, error: message, ...(fields ? { fields } : {}) });

const refused = answer(400, 'invalid_request', 'Please correct the marked fields', {
  title: 'Please enter a title',
  'slides.0.image': 'Please choose an image',
});

describe('back-office form errors', () => {
  it("puts the server's field messages on their fields and answers its message", () => {
    const form = recordingForm();
    expect(applyServerErrors(form, refused)).toBe('Please correct the marked fields');
    expect(form.errors).toEqual({
      title: 'Please enter a title',
      'slides.0.image': 'Please choose an image',
    });
  });

  it('says nothing was saved when the request never reached the shop', () => {
    const form = recordingForm();
    const offline = new TypeError('Failed to fetch');
    expect(applyServerErrors(form, offline)).toBe(
      'The shop could not be reached: nothing was saved. Please try again.',
    );
    expect(form.errors).toEqual({});
    expect(failureMessage(answer(409, 'conflict', 'The order changed'))).toBe('The order changed');
  });

  it('shows no line above the form when the fields carry the messages', () => {
    expect(formProblem(recordingForm(), refused)).toBeNull();
    expect(formProblem(recordingForm(), answer(409, 'conflict', 'Slug taken'))).toBe('Slug taken');
  });
});
