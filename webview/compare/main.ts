/** Entry of the compare webview: the report's styles, then the compare view's own. */
import '../logReport/logReport.css';
import './compare.css';
import { CompareApp } from './compareApp';
import { CompareClient } from './compareClient';

const root = document.getElementById('root');
if (root && typeof (globalThis as { acquireVsCodeApi?: unknown }).acquireVsCodeApi === 'function') new CompareApp(root, new CompareClient());
