import { describe, test } from 'node:test';
import * as assert from 'node:assert/strict';
import { validateAgentConnection } from '../../../src/core/schema/generated/validators';
import { assertError, assertInvalid, assertValid, errorMessageOf, schemaTitleOf, type JsonObject } from './schemaTestSupport';

/** A complete valid configuration of each connection type, its required fields and its credential fields. */
const connections: { full: JsonObject; required: string[]; credentials: string[]; title: string }[] = [
  {
    full: { connection_type: 'cloud_agent_a', region: 'eu-west-1', harness_arn: 'arn:h', access_key_id: 'AKIA', secret_access_key: { secret: 'SAK' }, session_token: { env: 'TOKEN' } },
    required: ['region', 'harness_arn', 'access_key_id', 'secret_access_key'],
    credentials: ['access_key_id', 'secret_access_key', 'session_token'],
    title: 'Cloud agent A connection',
  },
  { full: { connection_type: 'placeholder' }, required: [], credentials: [], title: 'Placeholder connection' },
  {
    full: { connection_type: 'agent_platform_a', url: 'https://agents.example.com', api_key: { secret: 'KEY' } },
    required: ['url', 'api_key'],
    credentials: ['api_key'],
    title: 'Agent platform A connection',
  },
  {
    full: { connection_type: 'cloud_agent_b', project_endpoint: 'https://p.example.com', agent_name: 'a', tenant_id: 't', client_id: 'c', client_secret: { env: 'CLIENT_SECRET' } },
    required: ['project_endpoint', 'agent_name', 'tenant_id', 'client_id', 'client_secret'],
    credentials: ['client_secret'],
    title: 'Cloud agent B connection',
  },
  {
    full: { connection_type: 'managed_agent', agent_id: 'a', environment_id: 'e', vault_id: 'v', api_key: 'raw-key' },
    required: ['agent_id', 'environment_id', 'vault_id', 'api_key'],
    credentials: ['api_key'],
    title: 'Managed agent connection',
  },
  {
    full: { connection_type: 'trace_platform_a', deploy_url: 'https://deploy.example.com', assistant_id: 'asst', api_key: { secret: 'KEY' } },
    required: ['deploy_url', 'assistant_id', 'api_key'],
    credentials: ['api_key'],
    title: 'Trace platform A connection',
  },
];

describe('Agent connection configurations', () => {
  for (const { full, required, credentials, title } of connections) {
    describe(String(full.connection_type), () => {
      test('accepts a complete configuration', () => {
        assertValid(validateAgentConnection, full);
      });

      for (const field of required) {
        test(`requires ${field}, reporting only this connection type`, () => {
          const config: JsonObject = { ...full };
          delete config[field];
          const errors = assertInvalid(validateAgentConnection, config);
          assert.equal(errors.length, 1);
          assert.equal(errors[0].params.missingProperty, field);
          assert.equal(schemaTitleOf(errors[0]), title);
        });
      }

      test('rejects an unknown property', () => {
        const error = assertError(validateAgentConnection, { ...full, region2: 'x' }, { path: '', keyword: 'additionalProperties' });
        assert.equal(error.params.additionalProperty, 'region2');
      });

      for (const field of credentials) {
        test(`${field} takes a raw string, { secret } or { env }, nothing else`, () => {
          for (const value of ['raw', { secret: 'NAME' }, { env: 'NAME' }]) assertValid(validateAgentConnection, { ...full, [field]: value });
          for (const value of [{}, { secret: 'A', env: 'B' }, { vault: 'A' }, 3, ['A']]) {
            const errors = assertInvalid(validateAgentConnection, { ...full, [field]: value });
            assert.ok(errors.every((e) => e.instancePath.startsWith(`/${field}`)), JSON.stringify(errors));
            assert.ok(errors.some((e) => errorMessageOf(e) !== undefined));
          }
        });
      }
    });
  }

  test('session_token is optional for cloud_agent_a', () => {
    const config: JsonObject = { ...connections[0].full };
    delete config.session_token;
    assertValid(validateAgentConnection, config);
  });

  test('rejects an unknown connection_type with a readable message', () => {
    const errors = assertInvalid(validateAgentConnection, { connection_type: 'ssh', host: 'x' });
    assert.ok(errors.some((e) => e.instancePath === '/connection_type' && e.keyword === 'enum'));
    for (const error of errors) assert.match(errorMessageOf(error) ?? '', /cloud_agent_a, placeholder/);
  });

  test('rejects a configuration without connection_type', () => {
    assertError(validateAgentConnection, { url: 'https://x', api_key: 'k' }, { path: '', keyword: 'discriminator' });
  });

  test('rejects wrongly typed plain fields', () => {
    assertError(validateAgentConnection, { ...connections[0].full, region: 1 }, { path: '/region', keyword: 'type' });
    assertError(validateAgentConnection, { ...connections[3].full, tenant_id: null }, { path: '/tenant_id', keyword: 'type' });
  });
});
