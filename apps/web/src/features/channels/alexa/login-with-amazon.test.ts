import { describe, expect, test } from 'vitest';
import { authorizeUrlOf, outcomeOfReturn } from './login-with-amazon';

describe('Login with Amazon in the browser', () => {
  test('the sign-in asks for the skills and models scopes with a token answer', () => {
    const url = new URL(
      authorizeUrlOf(
        'amzn1.application-oa2-client.abc',
        'https://parley.example/api/amazon/login-callback',
        's1',
      ),
    );
    expect(`${url.origin}${url.pathname}`).toBe('https://www.amazon.com/ap/oa');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: 'amzn1.application-oa2-client.abc',
      scope: 'alexa::ask:skills:readwrite alexa::ask:models:readwrite',
      response_type: 'token',
      redirect_uri: 'https://parley.example/api/amazon/login-callback',
      state: 's1',
    });
  });

  test('the return page gives the token of this sign-in, or Amazon’s reason', () => {
    const back = 'https://parley.example/api/amazon/login-callback';
    expect(
      outcomeOfReturn(`${back}#access_token=Atza%7Cabc&token_type=bearer&expires_in=3600&state=s1`, 's1'),
    ).toEqual({
      token: 'Atza|abc',
    });
    expect(
      outcomeOfReturn(`${back}?error=access_denied&error_description=The+user+denied&state=s1`, 's1'),
    ).toEqual({
      error: 'The user denied',
    });
    // Another sign-in's answer, or a page that is not the return page yet.
    expect(outcomeOfReturn(`${back}#access_token=x&state=other`, 's1')).toBeUndefined();
    expect(outcomeOfReturn('https://parley.example/bots#access_token=x&state=s1', 's1')).toBeUndefined();
  });
});
