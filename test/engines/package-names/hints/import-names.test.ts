/** Tests for mapping Python import names to the distributions that provide them. */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { PYPI_DISTRIBUTION_BY_IMPORT, packageForImportName } from '../../../../src/engines/package-names/hints/import-names.js';
import { normalizeName, validateName } from '../../../../src/engines/package-names/normalize.js';

describe('packageForImportName', () => {
  it.each([
    ['cv2', 'opencv-python'],
    ['sklearn', 'scikit-learn'],
    ['yaml', 'PyYAML'],
    ['PIL', 'Pillow'],
    ['bs4', 'beautifulsoup4'],
    ['dateutil', 'python-dateutil'],
    ['jwt', 'PyJWT'],
    ['Crypto', 'pycryptodome'],
    ['serial', 'pyserial'],
    ['attr', 'attrs'],
    ['magic', 'python-magic'],
    ['dotenv', 'python-dotenv'],
    ['docx', 'python-docx'],
    ['pptx', 'python-pptx'],
    ['google.protobuf', 'protobuf'],
    ['skimage', 'scikit-image'],
    ['OpenSSL', 'pyOpenSSL'],
    ['zmq', 'pyzmq'],
    ['usb', 'pyusb'],
    ['git', 'GitPython'],
    ['fitz', 'PyMuPDF'],
    ['win32api', 'pywin32'],
    ['MySQLdb', 'mysqlclient'],
  ])('%j -> %j', (name, expected) => {
    expect(packageForImportName('pypi', name)).toBe(expected);
  });

  it.each([
    ['PIL.Image', 'Pillow'],
    ['google.protobuf.json_format', 'protobuf'],
    ['google.oauth2.credentials', 'google-auth'],
    ['google.cloud.pubsub_v1.types', 'google-cloud-pubsub'],
    ['mpl_toolkits.basemap', 'basemap'],
    ['mpl_toolkits.mplot3d', 'matplotlib'],
    ['paho.mqtt.client', 'paho-mqtt'],
    ['sklearn.model_selection', 'scikit-learn'],
    [' cv2 ', 'opencv-python'],
  ])('dotted or padded %j -> %j', (name, expected) => {
    expect(packageForImportName('pypi', name)).toBe(expected);
  });

  it.each([
    ['pil', 'Pillow'],
    ['CV2', 'opencv-python'],
    ['mysqldb', 'mysqlclient'],
    ['openssl.crypto', 'pyOpenSSL'],
  ])('falls back to case-insensitive %j -> %j', (name, expected) => {
    expect(packageForImportName('pypi', name)).toBe(expected);
  });

  it.each(['requests', 'numpy', 'os', 'google', 'google.cloud.storage', 'sentry_sdk', '', '.'])(
    'knows no other distribution for %j',
    (name) => {
      expect(packageForImportName('pypi', name)).toBeUndefined();
    },
  );

  it.each([
    ['npm', 'cv2'],
    ['npm', 'lodash'],
    ['conda', 'yaml'],
  ] as const)('%s has no table: %j -> undefined', (ecosystem, name) => {
    expect(packageForImportName(ecosystem, name)).toBeUndefined();
  });

  it('holds at least 150 true mismatches with valid distribution names', () => {
    const entries = Object.entries(PYPI_DISTRIBUTION_BY_IMPORT);
    expect(entries.length).toBeGreaterThanOrEqual(150);
    for (const [importName, distribution] of entries) {
      expect(validateName('pypi', distribution)).toEqual({ valid: true });
      expect(normalizeName('pypi', importName)).not.toBe(normalizeName('pypi', distribution));
    }
  });

  it('maps each key, and any submodule of it, to the entry of the longest known prefix', () => {
    const keys = Object.keys(PYPI_DISTRIBUTION_BY_IMPORT);
    const submodule = fc.stringMatching(/^(\.[a-z_][a-z0-9_]{0,8}){0,2}$/);
    fc.assert(
      fc.property(fc.constantFrom(...keys), submodule, (key, tail) => {
        const name = key + tail;
        const longest = keys
          .filter((other) => name === other || name.startsWith(`${other}.`))
          .reduce((best, other) => (other.length > best.length ? other : best));
        expect(packageForImportName('pypi', name)).toBe(PYPI_DISTRIBUTION_BY_IMPORT[longest]);
      }),
    );
  });
});
