export { TestChat } from './components/TestChat';
