import * as l10n from '@vscode/l10n';
/** Why a preview could not run, said for people, with advice that fits the cause. */

export const previewErrorStrings = {
  nameDoesNotResolve: (host: string) => l10n.t('Could not reach {0}: the name does not resolve.', host),
  get nameDoesNotResolveHint() {
    return l10n.t('Check the URL for typos, or your network connection (and proxy or VPN).');
  },
  connectionRefused: (host: string) => l10n.t('Could not reach {0}: the connection was refused.', host),
  get connectionRefusedHint() {
    return l10n.t('Check that the server is running and that the URL has the right port.');
  },
  connectionReset: (host: string) => l10n.t('The connection to {0} was cut before the data arrived.', host),
  get connectionResetHint() {
    return l10n.t('Run the preview again; if it keeps failing, check your network or the server.');
  },
  timedOut: (host: string) => l10n.t('{0} did not answer in time.', host),
  get timedOutHint() {
    return l10n.t('Run the preview again, or raise the "evalLens.preview.urlTimeoutSeconds" setting for a slow server.');
  },
  certificate: (host: string) => l10n.t('The secure connection to {0} could not be trusted (certificate problem).', host),
  get certificateHint() {
    return l10n.t("Check the URL's host name; a company proxy may need its certificate installed.");
  },
  notFoundHttp: (url: string) => l10n.t('Nothing was found at {0} (HTTP 404).', url),
  get notFoundHttpHint() {
    return l10n.t('Check the URL: the file may have moved, or the path may have a typo.');
  },
  forbiddenHttp: (url: string, status: number) => l10n.t('The server refused access to {0} (HTTP {1}).', url, status),
  get forbiddenHttpHint() {
    return l10n.t('The file may be private: check that it is public, or download it and use a local source.');
  },
  serverErrorHttp: (url: string, status: number) => l10n.t('The server of {0} failed (HTTP {1}).', url, status),
  get serverErrorHttpHint() {
    return l10n.t('The problem is on the server: run the preview again later.');
  },
  otherHttp: (url: string, status: number) => l10n.t('The server answered HTTP {0} for {1}.', status, url),
  get otherHttpHint() {
    return l10n.t('Check the URL.');
  },
  fileNotFound: (file: string) => l10n.t('{0} does not exist.', file),
  get fileNotFoundHint() {
    return l10n.t("Check the path in the spec: a relative path starts at the spec's folder.");
  },
  permissionDenied: (file: string) => l10n.t('Eval Lens is not allowed to read {0} (permission denied).', file),
  get permissionDeniedHint() {
    return l10n.t("Check the file's permissions, or copy it to a folder you can read.");
  },
  isFolder: (file: string) => l10n.t('{0} is a folder, but the source expects a file.', file),
  get isFolderHint() {
    return l10n.t('Use a "folder" source for a folder of files, or point the path at one file.');
  },
  notFolder: (file: string) => l10n.t('{0} is not a folder.', file),
  get notFolderHint() {
    return l10n.t('Use a "local" source for one file, or point directory_path at a folder.');
  },
  invalidJson: (file: string) => l10n.t('{0} is not valid JSON.', file),
  get invalidJsonHint() {
    return l10n.t('Open the file and fix the JSON at the place the details name; JSONL wants one JSON object per line.');
  },
  get details() {
    return l10n.t('Technical details');
  },
};
