/** Import names whose PyPI distribution is named otherwise (`import cv2` comes from `opencv-python`). */
import { type Ecosystem } from '../types.js';

/**
 * Curated, checked against the PyPI index: only import names that PEP 503 normalisation does not
 * already turn into the distribution's name, each mapped to the distribution that conventionally
 * provides it today. Dotted keys cover namespace packages (`google.oauth2`).
 */
export const PYPI_DISTRIBUTION_BY_IMPORT: Readonly<Record<string, string>> = {
  // Imaging, vision and media
  alsaaudio: 'pyalsaaudio',
  barcode: 'python-barcode',
  bioformats: 'python-bioformats',
  cairo: 'pycairo',
  cocos: 'cocos2d',
  cv2: 'opencv-python',
  ffmpeg: 'ffmpeg-python',
  fitz: 'PyMuPDF',
  gi: 'PyGObject',
  jack: 'JACK-Client',
  notifypy: 'notify-py',
  nrrd: 'pynrrd',
  OpenGL: 'PyOpenGL',
  openslide: 'openslide-python',
  osgeo: 'GDAL',
  PIL: 'Pillow',
  rtmidi: 'python-rtmidi',
  sdl2: 'PySDL2',
  skimage: 'scikit-image',
  speech_recognition: 'SpeechRecognition',
  vlc: 'python-vlc',
  webview: 'pywebview',
  whisper: 'openai-whisper',
  wx: 'wxPython',
  Xlib: 'python-xlib',
  // Data science and machine learning
  ahocorasick: 'pyahocorasick',
  antlr4: 'antlr4-python3-runtime',
  Bio: 'biopython',
  camelot: 'camelot-py',
  community: 'python-louvain',
  cpuinfo: 'py-cpuinfo',
  ecmwfapi: 'ecmwf-api-client',
  factory: 'factory-boy',
  faiss: 'faiss-cpu',
  fpdf: 'fpdf2',
  guppy: 'guppy3',
  icu: 'PyICU',
  imblearn: 'imbalanced-learn',
  llama_cpp: 'llama-cpp-python',
  mpl_toolkits: 'matplotlib',
  'mpl_toolkits.basemap': 'basemap',
  newspaper: 'newspaper3k',
  odf: 'odfpy',
  pcl: 'python-pcl',
  pdfminer: 'pdfminer.six',
  pycrfsuite: 'python-crfsuite',
  pylab: 'matplotlib',
  pyximport: 'Cython',
  readability: 'readability-lxml',
  skbio: 'scikit-bio',
  skfuzzy: 'scikit-fuzzy',
  sklearn: 'scikit-learn',
  sklearn_extra: 'scikit-learn-extra',
  skmultilearn: 'scikit-multilearn',
  skopt: 'scikit-optimize',
  tabula: 'tabula-py',
  talib: 'TA-Lib',
  umap: 'umap-learn',
  vcr: 'vcrpy',
  weaviate: 'weaviate-client',
  wrf: 'wrf-python',
  xdist: 'pytest-xdist',
  // Configuration, formats and tooling
  attr: 'attrs',
  box: 'python-box',
  bs4: 'beautifulsoup4',
  capnp: 'pycapnp',
  dateutil: 'python-dateutil',
  decouple: 'python-decouple',
  docx: 'python-docx',
  dotenv: 'python-dotenv',
  'google.protobuf': 'protobuf',
  graphql: 'graphql-core',
  hamcrest: 'PyHamcrest',
  lzo: 'python-lzo',
  magic: 'python-magic',
  markdown_it: 'markdown-it-py',
  past: 'future',
  pkg_resources: 'setuptools',
  pptx: 'python-pptx',
  pydispatch: 'PyDispatcher',
  pythonjsonlogger: 'python-json-logger',
  rapidjson: 'python-rapidjson',
  rpds: 'rpds-py',
  simdjson: 'pysimdjson',
  slugify: 'python-slugify',
  snappy: 'python-snappy',
  u_msgpack: 'u-msgpack-python',
  yaml: 'PyYAML',
  // Cryptography, security and auth
  argon2: 'argon2-cffi',
  Crypto: 'pycryptodome',
  Cryptodome: 'pycryptodomex',
  elftools: 'pyelftools',
  jose: 'python-jose',
  jwt: 'PyJWT',
  ldap: 'python-ldap',
  nacl: 'PyNaCl',
  onelogin: 'python3-saml',
  OpenSSL: 'pyOpenSSL',
  pam: 'python-pam',
  pwn: 'pwntools',
  saml2: 'pysaml2',
  spnego: 'pyspnego',
  vt: 'vt-py',
  yara: 'yara-python',
  // Networking, messaging and hardware
  bluetooth: 'PyBluez',
  can: 'python-can',
  consul: 'python-consul',
  cups: 'pycups',
  daemon: 'python-daemon',
  dbus: 'dbus-python',
  dns: 'dnspython',
  iptc: 'python-iptables',
  kafka: 'kafka-python',
  memcache: 'python-memcached',
  nats: 'nats-py',
  nmap: 'python-nmap',
  nmb: 'pysmb',
  paho: 'paho-mqtt',
  RPi: 'RPi.GPIO',
  seleniumwire: 'selenium-wire',
  serial: 'pyserial',
  smb: 'pysmb',
  smbclient: 'smbprotocol',
  snap7: 'python-snap7',
  socks: 'PySocks',
  sockshandler: 'PySocks',
  speedtest: 'speedtest-cli',
  stomp: 'stomp.py',
  uinput: 'python-uinput',
  usb: 'pyusb',
  usbtmc: 'python-usbtmc',
  vxi11: 'python-vxi11',
  websocket: 'websocket-client',
  winrm: 'pywinrm',
  zmq: 'pyzmq',
  // Windows (pywin32)
  pythoncom: 'pywin32',
  pywintypes: 'pywin32',
  servicemanager: 'pywin32',
  win32api: 'pywin32',
  win32clipboard: 'pywin32',
  win32com: 'pywin32',
  win32con: 'pywin32',
  win32crypt: 'pywin32',
  win32event: 'pywin32',
  win32evtlog: 'pywin32',
  win32file: 'pywin32',
  win32gui: 'pywin32',
  win32net: 'pywin32',
  win32pipe: 'pywin32',
  win32print: 'pywin32',
  win32process: 'pywin32',
  win32security: 'pywin32',
  win32service: 'pywin32',
  win32serviceutil: 'pywin32',
  win32ui: 'pywin32',
  winerror: 'pywin32',
  // Databases
  bson: 'pymongo',
  cassandra: 'cassandra-driver',
  'databricks.sql': 'databricks-sql-connector',
  gridfs: 'pymongo',
  impala: 'impyla',
  'mysql.connector': 'mysql-connector-python',
  MySQLdb: 'mysqlclient',
  opensearchpy: 'opensearch-py',
  presto: 'presto-python-client',
  'snowflake.connector': 'snowflake-connector-python',
  'snowflake.snowpark': 'snowflake-snowpark-python',
  tortoise: 'tortoise-orm',
  // Web frameworks, Django apps and service APIs
  allauth: 'django-allauth',
  atlassian: 'atlassian-python-api',
  ckeditor: 'django-ckeditor',
  compressor: 'django-compressor',
  constance: 'django-constance',
  corsheaders: 'django-cors-headers',
  crispy_forms: 'django-crispy-forms',
  debug_toolbar: 'django-debug-toolbar',
  discord: 'discord.py',
  django_filters: 'django-filter',
  engineio: 'python-engineio',
  environ: 'django-environ',
  facebook: 'facebook-sdk',
  git: 'GitPython',
  github: 'PyGithub',
  gitlab: 'python-gitlab',
  guardian: 'django-guardian',
  hubspot: 'hubspot-api-client',
  import_export: 'django-import-export',
  jenkins: 'python-jenkins',
  mptt: 'django-mptt',
  msgraph: 'msgraph-sdk',
  oauth2_provider: 'django-oauth-toolkit',
  'paste.deploy': 'PasteDeploy',
  phonenumber_field: 'django-phonenumber-field',
  plaid: 'plaid-python',
  polymorphic: 'django-polymorphic',
  rest_framework: 'djangorestframework',
  rest_framework_simplejwt: 'djangorestframework-simplejwt',
  shopify: 'ShopifyAPI',
  simple_history: 'django-simple-history',
  social_core: 'social-auth-core',
  social_django: 'social-auth-app-django',
  socketio: 'python-socketio',
  solcx: 'py-solc-x',
  storages: 'django-storages',
  strawberry: 'strawberry-graphql',
  taggit: 'django-taggit',
  telegram: 'python-telegram-bot',
  trello: 'py-trello',
  web: 'web.py',
  wikipediaapi: 'Wikipedia-API',
  // Cloud SDKs
  apiclient: 'google-api-python-client',
  aws_cdk: 'aws-cdk-lib',
  cfnlint: 'cfn-lint',
  currency_converter: 'CurrencyConverter',
  'google.cloud.pubsub_v1': 'google-cloud-pubsub',
  'google.cloud.secretmanager': 'google-cloud-secret-manager',
  'google.oauth2': 'google-auth',
  googleapiclient: 'google-api-python-client',
  grpc: 'grpcio',
  grpc_health: 'grpcio-health-checking',
  grpc_reflection: 'grpcio-reflection',
  grpc_status: 'grpcio-status',
  grpc_tools: 'grpcio-tools',
  opentelemetry: 'opentelemetry-api',
  samtranslator: 'aws-sam-translator',
  // Bridges to other languages and platforms
  AppKit: 'pyobjc-framework-Cocoa',
  clr: 'pythonnet',
  Foundation: 'pyobjc-framework-Cocoa',
  javabridge: 'python-javabridge',
  jnius: 'pyjnius',
  jpype: 'JPype1',
  objc: 'pyobjc-core',
  Quartz: 'pyobjc-framework-Quartz',
};

/**
 * PyPI projects named after an import name that exist only to fail on install, pointing at the
 * real distribution: however often they are downloaded (by the installs they break), the hint on
 * them stays a warning. `sklearn`: the scikit-learn team's brownout placeholder, whose install has
 * raised an error since 2023-12-01.
 */
const FAILING_PLACEHOLDERS = new Set(['sklearn']);

/** True for a PyPI project (normalised name) that exists only to fail on install (`sklearn`). */
export function isFailingPlaceholder(ecosystem: Ecosystem, normalized: string): boolean {
  return ecosystem === 'pypi' && FAILING_PLACEHOLDERS.has(normalized);
}

const EXACT = new Map<string, string>(Object.entries(PYPI_DISTRIBUTION_BY_IMPORT));
const FOLDED = new Map<string, string>(Object.entries(PYPI_DISTRIBUTION_BY_IMPORT).map(([key, value]) => [key.toLowerCase(), value]));

/**
 * The distribution that provides an import name, when it is named otherwise: the longest dotted
 * prefix of the name that is known (`google.oauth2.credentials` gives `google-auth`, `PIL.Image`
 * gives `Pillow`), looked up case-sensitively first, then case-insensitively. npm has no such
 * table: undefined.
 */
export function packageForImportName(ecosystem: Ecosystem, name: string): string | undefined {
  if (ecosystem !== 'pypi') return undefined;
  const prefixes = dottedPrefixes(name.trim());
  for (const prefix of prefixes) {
    const found = EXACT.get(prefix);
    if (found !== undefined) return found;
  }
  for (const prefix of prefixes) {
    const found = FOLDED.get(prefix.toLowerCase());
    if (found !== undefined) return found;
  }
  return undefined;
}

/** `a.b.c` gives `a.b.c`, `a.b`, `a`: longest first. */
function dottedPrefixes(name: string): string[] {
  const parts = name.split('.');
  return parts.map((_, index) => parts.slice(0, parts.length - index).join('.'));
}
