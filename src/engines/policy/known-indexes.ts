/**
 * Python package indexes the default policy allows besides pypi.org, as data: full mirrors of PyPI
 * (the same packages under the same names, so a name is judged against the PyPI list as if the
 * command read pypi.org) and vendors' own indexes and release pages, where only the vendor publishes
 * (used with `--extra-index-url` or `-f` beside PyPI; the names a command installs are still judged
 * against the PyPI list). Each entry says what it is; `guard policy explain` shows it. An entry is a
 * path prefix, compared as `registries.pypi` entries are (scheme and host lower-cased, no trailing
 * slash). A policy file that sets `registries.pypi` replaces the whole list, these included.
 */
import { normalizeIndex } from './name-patterns.js';

export type KnownIndexKind = 'mirror' | 'vendor';

export interface KnownIndex {
  url: string;
  kind: KnownIndexKind;
  /** Who runs it and what it serves. */
  what: string;
}

// Full mirrors of PyPI (bandersnatch or proxy), by who runs them, most widely used in images built in China.
const MIRRORS: ReadonlyArray<readonly [what: string, urls: readonly string[]]> = [
  ["PyPI's former host name (redirects to pypi.org)", ['https://pypi.python.org/simple']],
  ["piwheels: PyPI's projects built as ARM wheels for the Raspberry Pi", ['https://www.piwheels.org/simple']],
  [
    'Tsinghua University (TUNA) mirror of PyPI',
    ['https://pypi.tuna.tsinghua.edu.cn/simple', 'https://mirrors.tuna.tsinghua.edu.cn/pypi/web/simple'],
  ],
  ['Alibaba Cloud mirror of PyPI', ['https://mirrors.aliyun.com/pypi/simple', 'http://mirrors.aliyun.com/pypi/simple']],
  [
    'USTC mirror of PyPI',
    ['https://pypi.mirrors.ustc.edu.cn/simple', 'https://mirrors.ustc.edu.cn/pypi/simple', 'https://mirrors.ustc.edu.cn/pypi/web/simple'],
  ],
  ['Douban mirror of PyPI', ['https://pypi.douban.com/simple', 'http://pypi.douban.com/simple', 'https://pypi.doubanio.com/simple']],
  ['Tencent Cloud mirror of PyPI', ['https://mirrors.cloud.tencent.com/pypi/simple', 'https://mirrors.tencent.com/pypi/simple']],
  [
    'Huawei Cloud mirror of PyPI',
    ['https://repo.huaweicloud.com/repository/pypi/simple', 'https://mirrors.huaweicloud.com/repository/pypi/simple'],
  ],
  ['Beijing Foreign Studies University mirror of PyPI', ['https://mirrors.bfsu.edu.cn/pypi/web/simple']],
  ['Shanghai Jiao Tong University mirror of PyPI', ['https://mirror.sjtu.edu.cn/pypi/web/simple']],
  ['NetEase mirror of PyPI', ['https://mirrors.163.com/pypi/simple']],
];

// Vendors' indexes and release pages: only the vendor publishes there.
const VENDORS: Readonly<Record<string, string>> = {
  'https://download.pytorch.org/whl': 'PyTorch wheels (CPU, CUDA and ROCm builds of torch and its siblings)',
  'https://storage.googleapis.com/jax-releases': 'JAX release pages (jaxlib CUDA and TPU wheels)',
  'https://pypi.nvidia.com': "NVIDIA's package index (CUDA, RAPIDS, TensorRT wheels)",
  'https://pypi.ngc.nvidia.com': "NVIDIA NGC's package index",
  'https://developer.download.nvidia.com/compute/redist': "NVIDIA's redistributables (DALI wheels)",
  'https://data.pyg.org/whl': 'PyTorch Geometric wheels (torch-scatter, torch-sparse and siblings)',
  'https://dl.fbaipublicfiles.com/detectron2/wheels': "Meta AI's detectron2 wheels",
  'https://download.openmmlab.com/mmcv/dist': "OpenMMLab's mmcv wheels",
  'https://huggingface.github.io/autogptq-index/whl': "Hugging Face's AutoGPTQ wheel index",
  'https://data.dgl.ai/wheels': 'Deep Graph Library (DGL) CUDA wheels',
  'https://pytorch-extension.intel.com/release-whl': "Intel's Extension for PyTorch wheels",
  'https://pip.repos.neuron.amazonaws.com': "AWS Neuron's package index (torch-neuronx and siblings)",
  'https://google-coral.github.io/py-repo': "Google Coral's wheels (tflite-runtime, pycoral)",
  'https://pypi.anaconda.org/scientific-python-nightly-wheels/simple':
    'Scientific Python nightly wheels (NumPy, SciPy, pandas, Cython … development builds)',
};

export const KNOWN_PYPI_INDEXES: readonly KnownIndex[] = Object.freeze([
  ...MIRRORS.flatMap(([what, urls]) =>
    // A plain-http mirror is said to be one: pip refuses it without --trusted-host.
    urls.map((url): KnownIndex => ({
      url,
      kind: 'mirror',
      what: url.startsWith('http:') ? `${what} (plain http; pip needs --trusted-host)` : what,
    })),
  ),
  ...Object.entries(VENDORS).map(([url, what]): KnownIndex => ({ url, kind: 'vendor', what })),
]);

/** The known index a `registries.pypi` entry is (compared in normalised form), or undefined. */
export function knownPypiIndex(entry: string): KnownIndex | undefined {
  const value = normalizeIndex('pypi', entry);
  return KNOWN_PYPI_INDEXES.find((index) => normalizeIndex('pypi', index.url) === value);
}
