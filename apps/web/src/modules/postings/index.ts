export { PostingScreen } from './PostingScreen';
