// Until the screen lands (issue 16): the title and the honest "later" note.
export { default } from '../../app/placeholder-page';
