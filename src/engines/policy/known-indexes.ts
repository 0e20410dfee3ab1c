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

export const KNOWN_PYPI_INDEXES: readonly KnownIndex[] = Object.freeze([
  // PyPI's former host (redirects to pypi.org) and piwheels (PyPI's own projects built for the Raspberry Pi).
  { url: 'https://pypi.python.org/simple', kind: 'mirror', what: "PyPI's former host name (redirects to pypi.org)" },
  { url: 'https://www.piwheels.org/simple', kind: 'mirror', what: "piwheels: PyPI's projects built as ARM wheels for the Raspberry Pi" },
  // Full mirrors of PyPI (bandersnatch or proxy), widely used in images built in China.
  { url: 'https://pypi.tuna.tsinghua.edu.cn/simple', kind: 'mirror', what: 'Tsinghua University (TUNA) mirror of PyPI' },
  { url: 'https://mirrors.tuna.tsinghua.edu.cn/pypi/web/simple', kind: 'mirror', what: 'Tsinghua University (TUNA) mirror of PyPI' },
  { url: 'https://mirrors.aliyun.com/pypi/simple', kind: 'mirror', what: 'Alibaba Cloud mirror of PyPI' },
  {
    url: 'http://mirrors.aliyun.com/pypi/simple',
    kind: 'mirror',
    what: 'Alibaba Cloud mirror of PyPI (plain http; pip needs --trusted-host)',
  },
  { url: 'https://pypi.mirrors.ustc.edu.cn/simple', kind: 'mirror', what: 'USTC mirror of PyPI' },
  { url: 'https://mirrors.ustc.edu.cn/pypi/simple', kind: 'mirror', what: 'USTC mirror of PyPI' },
  { url: 'https://mirrors.ustc.edu.cn/pypi/web/simple', kind: 'mirror', what: 'USTC mirror of PyPI' },
  { url: 'https://pypi.douban.com/simple', kind: 'mirror', what: 'Douban mirror of PyPI' },
  { url: 'http://pypi.douban.com/simple', kind: 'mirror', what: 'Douban mirror of PyPI (plain http; pip needs --trusted-host)' },
  { url: 'https://pypi.doubanio.com/simple', kind: 'mirror', what: 'Douban mirror of PyPI' },
  { url: 'https://mirrors.cloud.tencent.com/pypi/simple', kind: 'mirror', what: 'Tencent Cloud mirror of PyPI' },
  { url: 'https://mirrors.tencent.com/pypi/simple', kind: 'mirror', what: 'Tencent Cloud mirror of PyPI' },
  { url: 'https://repo.huaweicloud.com/repository/pypi/simple', kind: 'mirror', what: 'Huawei Cloud mirror of PyPI' },
  { url: 'https://mirrors.huaweicloud.com/repository/pypi/simple', kind: 'mirror', what: 'Huawei Cloud mirror of PyPI' },
  { url: 'https://mirrors.bfsu.edu.cn/pypi/web/simple', kind: 'mirror', what: 'Beijing Foreign Studies University mirror of PyPI' },
  { url: 'https://mirror.sjtu.edu.cn/pypi/web/simple', kind: 'mirror', what: 'Shanghai Jiao Tong University mirror of PyPI' },
  { url: 'https://mirrors.163.com/pypi/simple', kind: 'mirror', what: 'NetEase mirror of PyPI' },
  // Vendors' indexes and release pages: only the vendor publishes there.
  { url: 'https://download.pytorch.org/whl', kind: 'vendor', what: 'PyTorch wheels (CPU, CUDA and ROCm builds of torch and its siblings)' },
  { url: 'https://storage.googleapis.com/jax-releases', kind: 'vendor', what: 'JAX release pages (jaxlib CUDA and TPU wheels)' },
  { url: 'https://pypi.nvidia.com', kind: 'vendor', what: "NVIDIA's package index (CUDA, RAPIDS, TensorRT wheels)" },
  { url: 'https://pypi.ngc.nvidia.com', kind: 'vendor', what: "NVIDIA NGC's package index" },
  { url: 'https://developer.download.nvidia.com/compute/redist', kind: 'vendor', what: "NVIDIA's redistributables (DALI wheels)" },
  { url: 'https://data.pyg.org/whl', kind: 'vendor', what: 'PyTorch Geometric wheels (torch-scatter, torch-sparse and siblings)' },
  { url: 'https://dl.fbaipublicfiles.com/detectron2/wheels', kind: 'vendor', what: "Meta AI's detectron2 wheels" },
  { url: 'https://download.openmmlab.com/mmcv/dist', kind: 'vendor', what: "OpenMMLab's mmcv wheels" },
  { url: 'https://huggingface.github.io/autogptq-index/whl', kind: 'vendor', what: "Hugging Face's AutoGPTQ wheel index" },
  { url: 'https://data.dgl.ai/wheels', kind: 'vendor', what: 'Deep Graph Library (DGL) CUDA wheels' },
  { url: 'https://pytorch-extension.intel.com/release-whl', kind: 'vendor', what: "Intel's Extension for PyTorch wheels" },
  { url: 'https://pip.repos.neuron.amazonaws.com', kind: 'vendor', what: "AWS Neuron's package index (torch-neuronx and siblings)" },
  { url: 'https://google-coral.github.io/py-repo', kind: 'vendor', what: "Google Coral's wheels (tflite-runtime, pycoral)" },
  {
    url: 'https://pypi.anaconda.org/scientific-python-nightly-wheels/simple',
    kind: 'vendor',
    what: 'Scientific Python nightly wheels (NumPy, SciPy, pandas, Cython … development builds)',
  },
] satisfies KnownIndex[]);

/** The known index a `registries.pypi` entry is (compared in normalised form), or undefined. */
export function knownPypiIndex(entry: string): KnownIndex | undefined {
  const value = normalizeIndex('pypi', entry);
  return KNOWN_PYPI_INDEXES.find((index) => normalizeIndex('pypi', index.url) === value);
}
