export { TerminalScreen } from './TerminalScreen';
