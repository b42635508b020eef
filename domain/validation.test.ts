import { describe, expect, it } from 'vitest';
import { COUNTRIES, countryLabel } from './countries.ts';
import {
  EMAIL_MAX_LENGTH,
  MESSAGES,
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  addressSchema,
  emailSchema,
  fieldErrors,
  isPhoneNumber,
  loginSchema,
  newsletterSchema,
  postcodeSearchSchema,
  profileSchema,
  signupSchema,
} from './validation.ts';
import { UK_POSTCODE_REGEX, normaliseUkPostcode } from './postcode.ts';
import type { z } from 'zod';

/** The messages a schema gives for an input, in order ([] when valid). */
function messages(schema: z.ZodType, input: unknown): string[] {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

function errorsOf(schema: z.ZodType, input: unknown): z.ZodError {
  const result = schema.safeParse(input);
  if (result.success) throw new Error('expected the input to be invalid');
  return result.error;
}

describe("emailSchema: \"email required ('Email is required'); must look like an email ('Please enter a valid email address')\"", () => {
  it('uses the spec messages', () => {
    expect(MESSAGES.emailRequired).toBe('Email is required');
    expect(MESSAGES.emailInvalid).toBe('Please enter a valid email address');
    expect(messages(emailSchema, '')).toEqual(['Email is required']);
    expect(messages(emailSchema, '   ')).toEqual(['Email is required']);
    expect(messages(emailSchema, undefined)).toEqual(['Email is required']);
    expect(messages(emailSchema, 'not-an-email')).toEqual(['Please enter a valid email address']);
    expect(messages(emailSchema, 'a@b')).toEqual(['Please enter a valid email address']);
  });

  it('accepts and trims real addresses', () => {
    expect(emailSchema.parse(' jo.bloggs+tiles@example.co.uk ')).toBe(
      'jo.bloggs+tiles@example.co.uk',
    );
  });

  it(`limits addresses to ${EMAIL_MAX_LENGTH} characters`, () => {
    const long = `${'a'.repeat(250)}@b.co`;
    expect(messages(emailSchema, long)).toEqual([
      `Email must be at most ${EMAIL_MAX_LENGTH} characters`,
    ]);
  });
});

describe('loginSchema', () => {
  it('"password required (\'Password is required\')"', () => {
    expect(MESSAGES.passwordRequired).toBe('Password is required');
    expect(messages(loginSchema, { email: '', password: '' })).toEqual([
      'Email is required',
      'Password is required',
    ]);
    expect(messages(loginSchema, {})).toEqual(['Email is required', 'Password is required']);
  });

  it('accepts short passwords made under older rules, and remember me', () => {
    expect(loginSchema.parse({ email: 'a@b.co', password: 'abc', remember: true })).toEqual({
      email: 'a@b.co',
      password: 'abc',
      remember: true,
    });
  });

  it('never trims passwords and caps their length', () => {
    expect(loginSchema.parse({ email: 'a@b.co', password: ' secret ' }).password).toBe(' secret ');
    expect(
      messages(loginSchema, { email: 'a@b.co', password: 'x'.repeat(PASSWORD_MAX_LENGTH + 1) }),
    ).toEqual([`Password must be at most ${PASSWORD_MAX_LENGTH} characters`]);
  });
});

describe('signupSchema: "Password minimum 6 characters"', () => {
  it('asks for at least 6 characters', () => {
    expect(PASSWORD_MIN_LENGTH).toBe(6);
    expect(messages(signupSchema, { email: 'a@b.co', password: '12345' })).toEqual([
      'Password must be at least 6 characters long',
    ]);
    expect(messages(signupSchema, { email: 'a@b.co', password: '123456' })).toEqual([]);
  });

  it('says "required" for an empty password, once', () => {
    expect(messages(signupSchema, { email: 'x', password: '' })).toEqual([
      'Please enter a valid email address',
      'Password is required',
    ]);
  });
});

describe('profileSchema (spec section 5 "Profile")', () => {
  const valid = { first_name: 'Jo', last_name: 'Bloggs', email: 'jo@example.com' };

  it('"First name is required", "Last name is required", "Email is required", valid email', () => {
    expect(messages(profileSchema, { first_name: '', last_name: '', email: '' })).toEqual([
      'First name is required',
      'Last name is required',
      'Email is required',
    ]);
    expect(messages(profileSchema, { ...valid, email: 'jo' })).toEqual([
      'Please enter a valid email address',
    ]);
    expect(
      messages(profileSchema, {
        ...valid,
        currentPassword: '',
        newPassword: '',
        confirmPassword: '',
      }),
    ).toEqual([]);
  });

  it('"If a new or confirm password is entered": all three password rules', () => {
    expect(messages(profileSchema, { ...valid, newPassword: 'abc' })).toEqual([
      'Current password is required to change password',
      'New password must be at least 6 characters long',
      'New password and confirm password do not match',
    ]);
    expect(messages(profileSchema, { ...valid, confirmPassword: 'abcdef' })).toEqual([
      'Current password is required to change password',
      'New password must be at least 6 characters long',
      'New password and confirm password do not match',
    ]);
    expect(
      messages(profileSchema, {
        ...valid,
        currentPassword: 'old',
        newPassword: 'abcdef',
        confirmPassword: 'abcdeg',
      }),
    ).toEqual(['New password and confirm password do not match']);
    expect(
      messages(profileSchema, {
        ...valid,
        currentPassword: 'old',
        newPassword: 'abcdef',
        confirmPassword: 'abcdef',
      }),
    ).toEqual([]);
  });

  it('puts each password message under its field', () => {
    expect(fieldErrors(errorsOf(profileSchema, { ...valid, newPassword: 'abc' }))).toEqual({
      currentPassword: 'Current password is required to change password',
      newPassword: 'New password must be at least 6 characters long',
      confirmPassword: 'New password and confirm password do not match',
    });
  });

  it('shows the password messages together with the other fields', () => {
    expect(
      messages(profileSchema, { last_name: 'B', email: 'jo@example.com', newPassword: 'abc' }),
    ).toEqual([
      'First name is required',
      'Current password is required to change password',
      'New password must be at least 6 characters long',
      'New password and confirm password do not match',
    ]);
    expect(messages(profileSchema, { ...valid, first_name: ' ', newPassword: 'abcdef' })).toEqual([
      'First name is required',
      'Current password is required to change password',
      'New password and confirm password do not match',
    ]);
  });

  it('rejects input that is not an object without throwing', () => {
    expect(messages(profileSchema, null)).toHaveLength(1);
    expect(messages(profileSchema, 'x')).toHaveLength(1);
  });

  it(`limits names to ${NAME_MAX_LENGTH} characters`, () => {
    expect(
      messages(profileSchema, { ...valid, first_name: 'x'.repeat(NAME_MAX_LENGTH + 1) }),
    ).toEqual([`First name must be at most ${NAME_MAX_LENGTH} characters`]);
  });
});

describe('COUNTRIES: "Country options: GB, US, CA, AU, DE, FR, OTHER"', () => {
  it('lists the seven options with labels', () => {
    expect(COUNTRIES.map((c) => c.code)).toEqual(['GB', 'US', 'CA', 'AU', 'DE', 'FR', 'OTHER']);
    expect(countryLabel('GB')).toBe('United Kingdom (UK)');
    expect(countryLabel('XX')).toBe('XX');
  });
});

describe('UK postcodes', () => {
  it.each([
    'SW1A 1AA',
    'sw1a1aa',
    'EC1A 1BB',
    'W1A 0AX',
    'M1 1AE',
    'B33 8TH',
    'CR2 6XH',
    'DN55 1PT',
    'GIR 0AA',
    'gir0aa',
    'L1 8JQ',
    'BT1 5GS',
  ])('%s is valid', (postcode) => {
    expect(UK_POSTCODE_REGEX.test(postcode)).toBe(true);
  });

  it.each([
    '',
    '12345',
    'SW1A',
    'SW1A 1A',
    'SW1A 1AAA',
    'QA1 1AA',
    'VA1 1AA',
    'XA1 1AA',
    'AI1 1AA',
    'SW1A 1AC',
    'SW1A 1IA',
    'W1I 0AX',
    'EC1C 1BB',
    'SW1A  1AA',
    '90210',
    'SW1A-1AA',
  ])('%j is not valid', (postcode) => {
    expect(UK_POSTCODE_REGEX.test(postcode)).toBe(false);
  });

  it('normalises to upper case with one space before the inward code', () => {
    expect(normaliseUkPostcode('sw1a1aa')).toBe('SW1A 1AA');
    expect(normaliseUkPostcode('  ec1a   1bb ')).toBe('EC1A 1BB');
    expect(normaliseUkPostcode('m11ae')).toBe('M1 1AE');
    expect(normaliseUkPostcode('gir0aa')).toBe('GIR 0AA');
    expect(normaliseUkPostcode('12345')).toBeNull();
  });

  it('postcode lookup: "requires a postcode (\'Please enter a postcode to search\')"', () => {
    expect(messages(postcodeSearchSchema, '  ')).toEqual(['Please enter a postcode to search']);
    expect(postcodeSearchSchema.parse(' SW1A 1AA ')).toBe('SW1A 1AA');
  });
});

describe('isPhoneNumber: "Phone allows only digits, spaces, + - ( )"', () => {
  it.each(['+44 (0)20 7946-0958', '020 7946 0958', '07700900123', '+1-202-555-0143'])(
    '%s',
    (phone) => {
      expect(isPhoneNumber(phone)).toBe(true);
    },
  );

  it.each(['020 7946 0958 ext 2', '07700.900123', 'phone', '12-34', '+', '()'])('%j', (phone) => {
    expect(isPhoneNumber(phone)).toBe(false);
  });
});

describe('addressSchema (spec section 5 "Address")', () => {
  const valid = {
    first_name: 'Jo',
    last_name: 'Bloggs',
    company: '',
    phone: '+44 (0)20 7946 0958',
    email: 'jo@example.com',
    country: 'GB',
    address_1: '1 Quarry Lane',
    address_2: '',
    city: 'Bath',
    county: '',
    postcode: 'ba1 1aa',
  };

  it('lists the eight required-field messages in form order', () => {
    const empty = Object.fromEntries(Object.keys(valid).map((key) => [key, '']));
    expect(messages(addressSchema, empty)).toEqual([
      'First name is required',
      'Last name is required',
      'Phone number is required',
      'Email address is required',
      'Country is required',
      'Address Line 1 is required',
      'Town/City is required',
      'Postcode is required',
    ]);
    expect(messages(addressSchema, {})).toEqual(messages(addressSchema, empty));
  });

  it('checks email and phone formats', () => {
    expect(messages(addressSchema, { ...valid, email: 'jo@' })).toEqual([
      'Please enter a valid email address',
    ]);
    expect(messages(addressSchema, { ...valid, phone: 'call me' })).toEqual([
      'Please enter a valid phone number',
    ]);
  });

  it('"If country is GB the postcode must match UK format (\'Please enter a valid UK postcode\')"', () => {
    expect(messages(addressSchema, { ...valid, postcode: '90210' })).toEqual([
      'Please enter a valid UK postcode',
    ]);
    expect(messages(addressSchema, { ...valid, country: 'US', postcode: '90210' })).toEqual([]);
    expect(messages(addressSchema, { ...valid, first_name: '', postcode: 'nope' })).toEqual([
      'First name is required',
      'Please enter a valid UK postcode',
    ]);
  });

  it('rejects unknown countries with the country message', () => {
    expect(messages(addressSchema, { ...valid, country: 'XX' })).toEqual(['Country is required']);
  });

  it('trims, keeps optional fields, and writes a GB postcode in standard form', () => {
    expect(addressSchema.parse({ ...valid, first_name: '  Jo ', county: 'Somerset' })).toEqual({
      ...valid,
      county: 'Somerset',
      postcode: 'BA1 1AA',
    });
    const { company: _c, address_2: _a, county: _county, ...required } = valid;
    expect(addressSchema.parse(required).postcode).toBe('BA1 1AA');
    expect(addressSchema.parse({ ...valid, country: 'FR', postcode: '75001' }).postcode).toBe(
      '75001',
    );
  });

  it('limits every text field', () => {
    expect(messages(addressSchema, { ...valid, address_1: 'x'.repeat(201) })).toEqual([
      'Address Line 1 must be at most 200 characters',
    ]);
    expect(messages(addressSchema, { ...valid, company: 'x'.repeat(201) })).toEqual([
      'Company must be at most 200 characters',
    ]);
    expect(messages(addressSchema, { ...valid, city: 'x'.repeat(101) })).toEqual([
      'Town/City must be at most 100 characters',
    ]);
  });
});

describe('newsletterSchema', () => {
  it('needs a valid email', () => {
    expect(messages(newsletterSchema, { email: '' })).toEqual(['Email is required']);
    expect(newsletterSchema.parse({ email: 'a@b.co' })).toEqual({ email: 'a@b.co' });
  });
});
