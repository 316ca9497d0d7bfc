import type { Language } from '@olo/shared';
import { escapeHtml } from '../../channels/mail/html.ts';
import type { MailMessage } from '../../channels/mail/mailer.ts';

export type AccountMailKind = 'verifyEmail' | 'resetPassword' | 'deleteAccount' | 'addressInUse';

interface Texts {
  subject: string;
  intro: string;
  action: string;
  expires: string;
  ignore: string;
}

const texts: Record<Language, Record<AccountMailKind, Texts>> = {
  fi: {
    verifyEmail: {
      subject: 'Vahvista sähköpostiosoitteesi',
      intro: 'Vahvista sähköpostiosoitteesi avaamalla alla oleva linkki.',
      action: 'Vahvista sähköpostiosoite',
      expires: 'Linkki on voimassa 7 vuorokautta.',
      ignore: 'Jos et pyytänyt tätä, voit jättää viestin huomiotta.',
    },
    resetPassword: {
      subject: 'Salasanan vaihto',
      intro: 'Voit asettaa uuden salasanan avaamalla alla oleva linkki.',
      action: 'Aseta uusi salasana',
      expires: 'Linkki on voimassa 2 tuntia ja sen voi käyttää kerran.',
      ignore: 'Jos et pyytänyt salasanan vaihtoa, voit jättää viestin huomiotta.',
    },
    deleteAccount: {
      subject: 'Käyttäjätilin poistaminen',
      intro: 'Vahvista käyttäjätilisi poistaminen avaamalla alla oleva linkki. Poistoa ei voi perua.',
      action: 'Poista käyttäjätili',
      expires: 'Linkki on voimassa 2 tuntia.',
      ignore: 'Jos et pyytänyt tilin poistamista, vaihda salasanasi.',
    },
    addressInUse: {
      subject: 'Osoitteesi on jo käytössä',
      intro:
        'Joku yritti rekisteröityä tällä sähköpostiosoitteella tai lisätä sen toiseen käyttäjätiliin, mutta osoite kuuluu jo sinun tilillesi. Jos se olit sinä, voit kirjautua sisään tai asettaa uuden salasanan alla olevasta linkistä.',
      action: 'Aseta uusi salasana',
      expires: 'Tilisi on ennallaan.',
      ignore: 'Jos et se ollut sinä, voit jättää viestin huomiotta.',
    },
  },
  sv: {
    verifyEmail: {
      subject: 'Bekräfta din e-postadress',
      intro: 'Bekräfta din e-postadress genom att öppna länken nedan.',
      action: 'Bekräfta e-postadress',
      expires: 'Länken är giltig i 7 dygn.',
      ignore: 'Om du inte bad om detta kan du ignorera meddelandet.',
    },
    resetPassword: {
      subject: 'Byte av lösenord',
      intro: 'Du kan ange ett nytt lösenord genom att öppna länken nedan.',
      action: 'Ange nytt lösenord',
      expires: 'Länken är giltig i 2 timmar och kan användas en gång.',
      ignore: 'Om du inte bad om ett nytt lösenord kan du ignorera meddelandet.',
    },
    deleteAccount: {
      subject: 'Radering av användarkonto',
      intro: 'Bekräfta raderingen av ditt användarkonto genom att öppna länken nedan. Raderingen kan inte ångras.',
      action: 'Radera användarkontot',
      expires: 'Länken är giltig i 2 timmar.',
      ignore: 'Om du inte bad om att radera kontot, byt ditt lösenord.',
    },
    addressInUse: {
      subject: 'Din adress används redan',
      intro:
        'Någon försökte registrera sig med den här e-postadressen eller lägga till den i ett annat användarkonto, men adressen hör redan till ditt konto. Om det var du kan du logga in eller ange ett nytt lösenord via länken nedan.',
      action: 'Ange nytt lösenord',
      expires: 'Ditt konto är oförändrat.',
      ignore: 'Om det inte var du kan du ignorera meddelandet.',
    },
  },
  en: {
    verifyEmail: {
      subject: 'Verify your email address',
      intro: 'Verify your email address by opening the link below.',
      action: 'Verify email address',
      expires: 'The link is valid for 7 days.',
      ignore: 'If you did not ask for this, you can ignore this message.',
    },
    resetPassword: {
      subject: 'Password reset',
      intro: 'You can set a new password by opening the link below.',
      action: 'Set a new password',
      expires: 'The link is valid for 2 hours and can be used once.',
      ignore: 'If you did not ask for a password reset, you can ignore this message.',
    },
    deleteAccount: {
      subject: 'Deleting your account',
      intro: 'Confirm the deletion of your account by opening the link below. Deletion cannot be undone.',
      action: 'Delete my account',
      expires: 'The link is valid for 2 hours.',
      ignore: 'If you did not ask to delete your account, change your password.',
    },
    addressInUse: {
      subject: 'Your address is already in use',
      intro:
        'Somebody tried to register with this email address or to add it to another account, but the address already belongs to your account. If it was you, you can sign in, or set a new password through the link below.',
      action: 'Set a new password',
      expires: 'Your account is unchanged.',
      ignore: 'If it was not you, you can ignore this message.',
    },
  },
};

/** One account mail in the user's language, as plain text and as HTML with the same link. */
export function accountMail(
  kind: AccountMailKind,
  options: { to: string; language: Language; link: string; siteName: string },
): MailMessage {
  const t = texts[options.language][kind];
  return {
    to: options.to,
    subject: `${options.siteName}: ${t.subject}`,
    text: `${t.intro}\n\n${options.link}\n\n${t.expires}\n${t.ignore}\n\n${options.siteName}\n`,
    html: `<p>${escapeHtml(t.intro)}</p><p><a href="${escapeHtml(options.link)}">${escapeHtml(t.action)}</a></p><p>${escapeHtml(t.expires)}<br>${escapeHtml(t.ignore)}</p><p>${escapeHtml(options.siteName)}</p>`,
  };
}
