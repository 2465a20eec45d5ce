import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newUserProblems, passwordChangeProblems } from '../../shared/auth.ts';
import { type AdminApi, adminApi } from '../helpers/api.ts';
import { createTestApp } from '../helpers/test-app.ts';

let c: AdminApi;
beforeAll(async () => {
  c = await adminApi(await createTestApp());
});
afterAll(async () => {
  await c.t.close();
});

const FILL = 'Preencha todos os campos';
const trpcError = async (path: string, input: unknown) => {
  const res = await c.trpcMutation(path, input);
  return { status: res.statusCode, message: res.json().error?.message as string | undefined };
};

describe("an empty field is 'Preencha todos os campos' (spec §5), on tRPC and legacy alike", () => {
  const emptyUsers = [{}, { username: '' }, { password: 'segredo1' }, { username: '', password: '' }, { username: '   ', password: 'x' }];
  it.each(emptyUsers)('auth.createUser %j', async (input) => {
    expect(await trpcError('auth.createUser', input)).toEqual({ status: 400, message: FILL });
    const legacy = await c.post('/auth/create_user.php', input);
    expect(legacy.statusCode).toBe(400);
    expect(legacy.json()).toEqual({ error: FILL });
  });

  it('never answers the username or length message for an empty field, and still checks them when filled', async () => {
    expect(await trpcError('auth.createUser', { username: 'ab' })).toEqual({ status: 400, message: FILL });
    expect(await trpcError('auth.createUser', { password: '123' })).toEqual({ status: 400, message: FILL });
    expect((await trpcError('auth.createUser', { username: 'ab', password: 'segredo1' })).message).toBe(
      'Username inválido (use apenas letras, números e _)',
    );
    expect((await trpcError('auth.createUser', { username: 'abc', password: '123' })).message).toBe(
      'Senha deve ter no mínimo 6 caracteres',
    );
    expect(await c.count('admin_users')).toBe(1);
  });

  it.each([{}, { current: 'x' }, { new: 'segredo-novo' }, { current: '', new: '' }])('auth.changePassword %j', async (input) => {
    expect(await trpcError('auth.changePassword', input)).toEqual({ status: 400, message: FILL });
    const legacy = await c.post('/auth/change_password.php', input);
    expect(legacy.statusCode).toBe(400);
    expect(legacy.json()).toEqual({ error: FILL });
  });

  it('is one rule for the server and the admin form (shared/auth.ts)', () => {
    expect(newUserProblems({ username: '', password: '' })).toEqual({ username: 'fillAllFields', password: 'fillAllFields' });
    expect(newUserProblems({ username: 'a', password: '' })).toEqual({ username: 'invalidUsername', password: 'fillAllFields' });
    expect(passwordChangeProblems({ current: '', new: '', confirm: '' })).toEqual({
      current: 'fillAllFields',
      new: 'fillAllFields',
      confirm: 'fillAllFields',
    });
    expect(passwordChangeProblems({ current: 'a', new: '123', confirm: '124' })).toEqual({ confirm: 'passwordsDiffer' });
    expect(passwordChangeProblems({ current: 'a', new: '123', confirm: '123' })).toEqual({ new: 'newPasswordTooShort' });
  });
});
