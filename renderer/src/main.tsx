import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { connect } from './api/connect';
import { App } from './App';
import { setUpMonaco } from './editor/monaco-setup';
import { FeedbackProvider } from './feedback/feedback';
import './styles.css';

setUpMonaco();
const client = connect();
createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <FeedbackProvider>
      <App client={client} />
    </FeedbackProvider>
  </StrictMode>,
);
