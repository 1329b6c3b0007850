/**
 * The prebuilt bench's cases: texts as users write them in chats and forms (real-world formats of
 * dates, numbers, currencies, e-mails, URLs and phone numbers), each with the parts a user means,
 * marked by hand. `c(text, [type, part], ...)`: the part's first occurrence in the text is the
 * span (computed at load; a part that is not in its text throws). Texts without a marked part
 * must yield nothing of the scored types. Dates resolve against REFERENCE.
 */
export interface MarkedEntity {
  type: string;
  start: number;
  end: number;
  text: string;
}
export interface Case {
  text: string;
  entities: MarkedEntity[];
}

export const REFERENCE = new Date('2025-06-04T10:00:00');
export const CASES: Case[] = [];

function c(text: string, ...parts: Array<[string, string]>) {
  const entities = parts.map(([type, part]) => {
    const start = text.indexOf(part);
    if (start < 0) throw new Error(`prebuilt case: '${part}' is not in '${text}'`);
    return { type, start, end: start + part.length, text: part };
  });
  CASES.push({ text, entities });
}

const D = 'Date';
const N = 'Number';
const M = 'Currency';
const E = 'Email';
const U = 'Url';
const P = 'PhoneNumber';

// Dates and times, as people write them in chats and forms.
c('can we meet next Tuesday at 3pm', [D, 'next Tuesday at 3pm']);
c('deliver it on 12/03/2025 please', [D, '12/03/2025']);
c('my appointment is 2025-07-14', [D, '2025-07-14']);
c('book a table for tomorrow evening', [D, 'tomorrow evening']);
c('I was born on March 5, 1990', [D, 'March 5, 1990']);
c('the flight leaves at 7:45 am', [D, '7:45 am']);
c('remind me in 2 hours', [D, 'in 2 hours']);
c("what's on my calendar this weekend", [D, 'this weekend']);
c('cancel the meeting on Friday', [D, 'Friday']);
c('I need it by the end of the month', [D, 'end of the month']);
c('from June 3rd to June 7th', [D, 'June 3rd to June 7th']);
c('call me back in 10 minutes', [D, 'in 10 minutes']);
c('is the store open on Sunday morning', [D, 'Sunday morning']);
c('last Monday the package did not arrive', [D, 'last Monday']);
c('set an alarm for 6am', [D, '6am']);
c('the invoice dated 3 January 2024 is wrong', [D, '3 January 2024']);
c("let's do lunch at noon", [D, 'noon']);
c('I ordered it 3 days ago', [D, '3 days ago']);
c('do you have rooms for Dec 24', [D, 'Dec 24']);
c('meeting at 14:30 today', [D, '14:30 today']);
c('yesterday my card was declined', [D, 'yesterday']);
c('schedule it for the 15th', [D, 'the 15th']);
c('we are closed on Christmas Day', [D, 'Christmas Day']);
c('arriving on Thursday, 2 October', [D, 'Thursday, 2 October']);
c('pick me up tonight at 9', [D, 'tonight at 9']);
c('the trial ends next month', [D, 'next month']);
c('open from 9am to 5pm', [D, '9am to 5pm']);
c('renew my subscription for 2026', [D, '2026']);
c('my check-in is on 5/20', [D, '5/20']);
c('can I come in the afternoon', [D, 'afternoon']);
c("how long until New Year's Eve", [D, "New Year's Eve"]);
c('the package should arrive within 2 weeks', [D, 'within 2 weeks']);
c('book it for the first Monday of August', [D, 'first Monday of August']);
c('I was charged twice on Sept 1st', [D, 'Sept 1st']);
c('starting from April', [D, 'April']);
// Added: European, ISO and spoken formats.
c('the meeting is on 10.06.2025', [D, '10.06.2025']);
c('deadline 2025-06-10T14:30', [D, '2025-06-10T14:30']);
c('see you on the 3rd of July', [D, 'the 3rd of July']);
c('wake me at half past 6', [D, 'half past 6']);
c('can you come Tue 6/10 at 10:30', [D, 'Tue 6/10 at 10:30']);
c('I will be away 12-15 August', [D, '12-15 August']);
c('the report for Q3 2025', [D, 'Q3 2025']);
c('every Monday at 9', [D, 'every Monday at 9']);
c('flight at 18:45 on 21 Jun', [D, '18:45 on 21 Jun']);
c('the day after tomorrow works', [D, 'the day after tomorrow']);

// Numbers.
c('I want 3 pizzas', [N, '3']);
c('add twenty five items to the order', [N, 'twenty five']);
c('my order number is 4521', [N, '4521']);
c('there were 1,250 people there', [N, '1,250']);
c('the rating is 4.5 stars', [N, '4.5']);
c('give me a dozen eggs', [N, 'a dozen']);
c('seat for two please', [N, 'two']);
c('we need 10000 units', [N, '10000']);
c('I have one question', [N, 'one']);
c('the temperature setting is minus 5', [N, 'minus 5']);
c('reduce it by a half', [N, 'a half']);
c('order 2.5 kilos', [N, '2.5']);
c('room 301 is too noisy', [N, '301']);
c('print 15 copies', [N, '15']);
c('about a hundred guests', [N, 'a hundred']);
c('three of them were broken', [N, 'three']);
c('my score was 87', [N, '87']);
c('send me 1 million thanks', [N, '1 million']);
c("it's 0.75 of the total", [N, '0.75']);
c('only 12 left in stock', [N, '12']);
c('we sold 3,400,000 copies', [N, '3,400,000']);
c('table for 6', [N, '6']);
c('version 7 of the app', [N, '7']);
c('nine people are coming', [N, 'nine']);
c('give me -3', [N, '-3']);
c('about 1.5k followers', [N, '1.5k']);
c('I need a couple of chairs', [N, 'a couple']);
c('one hundred and twenty people', [N, 'one hundred and twenty']);

// Currency.
c('the laptop costs €1,299.99', [M, '€1,299.99']);
c('I paid $45 for shipping', [M, '$45']);
c('refund my 20 dollars', [M, '20 dollars']);
c('it was £3.50 at the shop', [M, '£3.50']);
c('transfer 500 euros to my savings', [M, '500 euros']);
c('the fee is 15 USD', [M, '15 USD']);
c('my budget is $2,000', [M, '$2,000']);
c('a coffee is 3 bucks', [M, '3 bucks']);
c('send 100 GBP to Anna', [M, '100 GBP']);
c('the ticket was 75 pounds', [M, '75 pounds']);
c('I was charged $19.99 twice', [M, '$19.99']);
c('it costs 1.5 million dollars', [M, '1.5 million dollars']);
c('withdraw 200 Swiss francs', [M, '200 Swiss francs']);
c('the price is 5000 yen', [M, '5000 yen']);
c('pay 50 cents', [M, '50 cents']);
c('can I borrow ten dollars', [M, 'ten dollars']);
c('my rent is 1200 CAD', [M, '1200 CAD']);
c('I lost EUR 250 on that', [M, 'EUR 250']);
c('a subscription of $9.99 a month', [M, '$9.99']);
c('the car was sold for 30k dollars', [M, '30k dollars']);
c('deposit 40 AUD', [M, '40 AUD']);
c('spent 300 rupees', [M, '300 rupees']);
c('top up 20€', [M, '20€']);
c('it was 99p in the sale', [M, '99p']);
c('they charged me US$ 12', [M, 'US$ 12']);
c('the total is USD 1,000.00', [M, 'USD 1,000.00']);
c('it costs 5 € per month', [M, '5 €']);
c('a tip of €5', [M, '€5']);
c('pay me back 12.50 euros', [M, '12.50 euros']);
c('it was 2 dollars and 50 cents', [M, '2 dollars and 50 cents']);

// E-mails.
c('my email is john.doe+tag@example.co.uk', [E, 'john.doe+tag@example.co.uk']);
c('contact support@parley.io for help', [E, 'support@parley.io']);
c('send it to anna_smith@gmail.com', [E, 'anna_smith@gmail.com']);
c('reach me at j.smith@company.com.', [E, 'j.smith@company.com']);
c('A.Mueller@Example.DE is my address', [E, 'A.Mueller@Example.DE']);
c('info@my-shop.de', [E, 'info@my-shop.de']);
c('use first.last@sub.domain.org', [E, 'first.last@sub.domain.org']);
c('email: bob123@yahoo.com', [E, 'bob123@yahoo.com']);
c('cc maria.garcia@empresa.es please', [E, 'maria.garcia@empresa.es']);
c('my work mail is t.nguyen@uni-hamburg.de', [E, 't.nguyen@uni-hamburg.de']);
c("it's sales-team@acme-corp.com", [E, 'sales-team@acme-corp.com']);
c('write to noreply@notifications.github.com', [E, 'noreply@notifications.github.com']);
c('is x@y.io valid', [E, 'x@y.io']);
c('(mail: peter.pan@neverland.net)', [E, 'peter.pan@neverland.net']);
c('change it to linda1987@hotmail.co.uk', [E, 'linda1987@hotmail.co.uk']);
c(
  'send the invoice to billing@example.com and to ops@example.com',
  [E, 'billing@example.com'],
  [E, 'ops@example.com'],
);
c("jane_o'neil@example.com", [E, "jane_o'neil@example.com"]);
c('my new email address is hello@startup.ai', [E, 'hello@startup.ai']);
c("contact: 'max.power@springfield.gov'", [E, 'max.power@springfield.gov']);
c('user.name@domain.travel works?', [E, 'user.name@domain.travel']);
c('FIRST.LAST@EXAMPLE.COM is mine', [E, 'FIRST.LAST@EXAMPLE.COM']);
c('mail me at o.brien@mail.example.ie', [E, 'o.brien@mail.example.ie']);
c('<anna@example.com>', [E, 'anna@example.com']);

// URLs.
c('see https://example.com/a?b=1', [U, 'https://example.com/a?b=1']);
c('go to www.parley.io', [U, 'www.parley.io']);
c('the docs are at http://docs.example.org/guide/intro.html', [
  U,
  'http://docs.example.org/guide/intro.html',
]);
c('visit example.com for details', [U, 'example.com']);
c('link: https://www.youtube.com/watch?v=dQw4w9WgXcQ', [U, 'https://www.youtube.com/watch?v=dQw4w9WgXcQ']);
c('open https://github.com/owner/repo/issues/12', [U, 'https://github.com/owner/repo/issues/12']);
c('my site is janedoe.dev', [U, 'janedoe.dev']);
c('check http://localhost:8080/health', [U, 'http://localhost:8080/health']);
c('the page https://en.wikipedia.org/wiki/Chatbot explains it', [U, 'https://en.wikipedia.org/wiki/Chatbot']);
c('download from ftp://files.example.net/pub/file.zip', [U, 'ftp://files.example.net/pub/file.zip']);
c('try www.amazon.co.uk/deals', [U, 'www.amazon.co.uk/deals']);
c('https://shop.example.com/cart#checkout', [U, 'https://shop.example.com/cart#checkout']);
c('our blog: blog.example.com/2024/05/news', [U, 'blog.example.com/2024/05/news']);
c('is https://192.168.1.1/admin reachable', [U, 'https://192.168.1.1/admin']);
c('go to https://example.com.', [U, 'https://example.com']);
c('(see https://example.org/faq)', [U, 'https://example.org/faq']);
c('book on booking.com please', [U, 'booking.com']);
c('the form is at https://forms.gle/AbC123xyz', [U, 'https://forms.gle/AbC123xyz']);
c('http://example.com/path?x=1&y=2 is broken', [U, 'http://example.com/path?x=1&y=2']);
c('visit https://www.bbc.co.uk/news today', [U, 'https://www.bbc.co.uk/news'], [D, 'today']);
c('the api is at https://api.example.com:8443/v1/users', [U, 'https://api.example.com:8443/v1/users']);
c('open HTTPS://EXAMPLE.COM/Login', [U, 'HTTPS://EXAMPLE.COM/Login']);
c('see example.co.uk/help?lang=en', [U, 'example.co.uk/help?lang=en']);

// Phone numbers.
c('call me on +44 20 7946 0958', [P, '+44 20 7946 0958']);
c('my number is (555) 123-4567', [P, '(555) 123-4567']);
c('phone: 555-123-4567', [P, '555-123-4567']);
c('reach us at +1 800 555 0199', [P, '+1 800 555 0199']);
c('call 030 12345678', [P, '030 12345678']);
c('my mobile is 07700 900123', [P, '07700 900123']);
c('ring +49 30 901820', [P, '+49 30 901820']);
c('the office is 212.555.0147', [P, '212.555.0147']);
c('text me at 415-555-2671', [P, '415-555-2671']);
c('+33 1 42 68 53 00 is the hotel', [P, '+33 1 42 68 53 00']);
c('dial 1-800-273-8255', [P, '1-800-273-8255']);
c('my number is 5551234567', [P, '5551234567']);
c('call +61 2 9374 4000', [P, '+61 2 9374 4000']);
c('fax: +1 (212) 555-0100', [P, '+1 (212) 555-0100']);
c('contact 0044 161 496 0000', [P, '0044 161 496 0000']);
c('my cell is +1-202-555-0173', [P, '+1-202-555-0173']);
c('call 020 7946 0018 after 5', [P, '020 7946 0018'], [D, 'after 5']);
c('emergency? dial 911', [P, '911']);
c('+91 98765 43210 is my WhatsApp', [P, '+91 98765 43210']);
c('phone (02) 9876 5432', [P, '(02) 9876 5432']);
c('call +1.212.555.0100', [P, '+1.212.555.0100']);
c('my number: (+44) 7700 900123', [P, '(+44) 7700 900123']);
c('ring 0800 123 4567 toll free', [P, '0800 123 4567']);

// Several at once.
c('send $50 to anna@example.com by Friday', [M, '$50'], [E, 'anna@example.com'], [D, 'by Friday']);
c('I ordered 2 shirts on 4/2 for €40', [N, '2'], [D, '4/2'], [M, '€40']);
c(
  'call +1 650 555 0100 or see https://example.com/help',
  [P, '+1 650 555 0100'],
  [U, 'https://example.com/help'],
);
c('book 3 rooms from July 1 to July 5', [N, '3'], [D, 'July 1 to July 5']);
c('pay 120 dollars before 6pm tomorrow', [M, '120 dollars'], [D, 'before 6pm tomorrow']);

// Nothing to find.
c('hello there');
c('I want to cancel my order');
c('what can you do');
c('thanks a lot for your help');
c('my card does not work');
c('can you talk to a human');
c('how do I reset my password');
c('the app keeps crashing');
c('where is my parcel');
c('I may need help with something');
c('may I speak to someone');
c('I love this song');
