/** User-facing texts of spec 01, exactly as written there (typos included: they are the spec's). */
export const PRODUCT_NAME = 'Parley';

export const MESSAGES = {
  noServerConnection: 'There is no connection to the server!',
  // Not in the spec: a call the server did not answer in time (docs/decisions.md).
  requestTimedOut:
    'The server did not answer in time. Please try again; if it keeps happening, contact the system administrator.',
  loginErrorTitle: 'Login error',
  invalidCredentials: 'Invalid email or password.',
  signup: {
    appSumoHeading: 'Complete your AppSumo signup',
    genericHeading: `Create your ${PRODUCT_NAME} account`,
    createAccount: 'Create Account',
    signUpWithDirectory: 'Sign up with directory account',
    accountCreated: 'Account created',
    checkEmail: 'Check your email to complete the process',
    // Not in the spec (issue 22): the first administrator (and any code without confirmation) needs no mail.
    readyToSignIn: 'Your account is ready. Sign in with your email and password.',
    errorTitle: 'Error occured while signing up',
    invitationCodeRequired: 'You need an invitation code to create an account',
    invalidInvitationCode: 'This invitation code is not valid or has already been used.',
    invalidName: 'Please enter a valid name',
    invalidOrganization: 'Please enter a valid organization name',
    invalidEmail: 'Please enter a valid email',
    passwordTooShort: 'Password must at least be 8 characters long',
    passwordsDoNotMatch: 'The passwords do not match',
    emailTaken: 'An account with this email already exists.',
  },
  logout: 'Successfully logged out! Redirecting you in a bit...',
  forgot: {
    hint: 'You will receive a reset link via email',
    button: 'Reset password',
    invalidTitle: 'Invalid email',
    invalidText: 'Please provide a valid email',
    importantTitle: 'Important',
    importantText:
      'If your email is known to us, you will receive a mail with a link to reset your password.',
  },
  reset: {
    button: 'Change password',
    changedTitle: 'Password changed',
    changedText: 'Your password have been changed successfully',
    invalidLinkTitle: 'Invalid reset link',
    invalidLinkText: 'This reset password link alredy expired or have been used',
    leavePage: 'Leave page',
    passwordTooShort: 'Password must at least be 8 characters long',
    passwordsMustMatch: 'Both passwords must match',
    falsyTitle: 'Error',
    falsyText: 'Invalid reset password link!',
    exceptionText: 'Please check the passwords fields or try again later',
  },
  changePassword: {
    wrongCurrent: 'The current password is not correct.',
    notPlatform: 'Only accounts with a platform login can change their password here.',
  },
  directory: {
    flowExpired: 'The directory sign-in expired or was interrupted. Please try again.',
    failed: 'The directory sign-in did not succeed. Please try again.',
    noEmail: 'Your directory account has no e-mail address.',
    unreachable: 'The directory sign-in provider cannot be reached.',
  },
  popups: { defaultAction: 'OK' },
  serverError: { title: 'Server error occured', text: 'Please contact the system administrator.' },
  configurationError: 'Configuration error',
  dataConflict: 'Data conflict',
  invalidData: 'Invalid data provided',
  notFoundTitle: '404 - Not found',
  accessDenied: 'Access Denied',
  errorTitle: 'Error!',
  plainErrorTitle: 'Error',
  flowDesignError: 'Flow design error',
  accountNotConfirmed: 'Your account is not confirmed!',
  accountNotConfirmedText: 'Please accept the invitation we sent to your mailbox, then sign in again.',
  // Not in the spec (issue 22): the dialog points to the mail and offers it again.
  accountNotConfirmedMail: (email: string) =>
    `When the account was created we sent a confirmation link to ${email}. Open it to confirm the account, then sign in again. No mail? Check the spam folder, or have it sent again.`,
  sendConfirmationAgain: 'Send it again',
  confirmationSentTitle: 'Confirmation mail sent',
  confirmationSentText: (email: string) =>
    `If ${email} still has to confirm its account, a new confirmation link is on its way. It is valid for 7 days.`,
  userNotFoundText: 'Your user is not registered. Please ask your administrator to register you.',
  // Not in the spec (issue 22): the selected tenant was switched in another tab, window or device.
  tenantSwitched: {
    refused: 'You switched to another account in another tab or window, so this was not done.',
    refusedGone: 'The account this tab shows is no longer available to you, so this was not done.',
    title: 'Account switched',
    text: (name: string) => `You switched to ${name} in another tab or window. This tab shows ${name} now.`,
    goneTitle: 'Account no longer available',
    gone: (name: string) =>
      `The account this tab showed is no longer available to you. This tab shows ${name} now.`,
  },
  maxUsersReached: 'Maximum users reached',
  getMatched: {
    errorTitle: 'Email error',
    errorText: 'Please contact support',
    success: 'Email successfully sent',
  },
  pageNotFound: '404 - Page Not Found',
  admin: {
    accountHeading: 'Account Administration',
    tenantHeading: 'Tenant Administration',
    noPermission: "You don't have the right permission for this action. Please contact your administrator.",
    creating: 'Creating...',
    invalidUserName:
      'Please provide a valid name. Name can only have the following characters: _, ., -, a-z, A-Z, 0-9',
    // Not in the spec (issue 9): a long name was refused with the characters message.
    userNameTooLong: (length: number) =>
      `Please provide a shorter name. A name has at most 50 characters; this one has ${length}.`,
    invalidUserEmail: 'Please provide a valid email.',
    invalidUserPassword:
      'Please provide a valid password. Password must be at least 8 characters long and contain at least one uppercase letter and one special character.',
    invalidInputTitle: 'Invalid input',
    invalidInputText: 'Please provide a valid name, email and password.',
    invalidTenantName: 'Oops! The name is invalid. Please provide a valid one.',
    // Not in the spec (issue 9): two accounts of one name made the switcher and confirmations ambiguous.
    tenantNameTaken: 'An account with this name already exists. Please choose another name.',
    roleSaved: 'Saved!',
    roleSaveError: 'Error occured while saving the data!',
    roleDeleteError: 'Faild to delete role?',
    deletionError: 'Deletion error',
    accountDeletionError: 'There was a problem while deleting your account!',
    noDataToSave: 'There is no data to save',
    seatsError: "Error! You have reached your plan's max seats. Upgrade your plan to add more seats.",
    seatsWarning:
      'Warning! You are adding more seats outside your current plan. This will add additional cost.',
    noPlan: 'Warning! Your account is missing an active subscription, please contact support',
    ownRowNotDeletable: 'You cannot delete your own user.',
    userExists: 'A user with this email already exists.',
    // Not in the spec: an existing account is invited, never attached, and the answer is the same
    // either way (docs/decisions.md, 'Existing accounts are invited, not attached').
    userAddedTitle: 'User added',
    userAdded: (email: string, tenant: string) =>
      `${email} was added to ${tenant}. If the address already had a Parley account, nothing of it was changed: its owner was mailed an invitation and appears in the list once they accept it.`,
    invitationInvalid:
      'This invitation cannot be used: it was used already, it expired, or it is for another account. Ask the administrator for a new one.',
    lastAdmin: 'A tenant must keep at least one administrator.',
    roleNameTaken: 'A role with this name already exists.',
    builtInRole: 'Built-in roles cannot be deleted.',
    builtInRoleRename: 'Built-in roles cannot be renamed.',
    accountAdminRoleNotEditable: 'The Account administrator role cannot be changed.',
    accountAdminRoleNotAssignable: 'The Account administrator role cannot be assigned.',
    // Not in the spec (issue 9): nobody grants rights they do not hold.
    roleExceedsOwnRights: (labels: string) =>
      `You cannot give a role with permissions you do not hold on this bot yourself: ${labels}.`,
    roleNameRequired: 'Please provide a role name.',
    roleNotFound: 'This role does not exist.',
    unknownPermission: 'This permission does not exist.',
    invalidTenantDisplayName: 'Please provide a display name of 2 to 50 characters.',
    masterTenantNotDeletable: 'The master tenant cannot be deleted.',
    userNeedsATenant: 'A user must belong to at least one tenant.',
    onlyOwnMatchRequest: 'You can only ask to be matched for yourself.',
  },
  invalidBotName:
    'Please provide a valid bot name. Bot name can only have the following characters: -, a-z, A-Z, 0-9, _ and whitespace.',
  permissionDenied: 'You do not have permission to do that!',
  llmPermissionWarning: 'You do not have permission',
  fileTooBig: (kb: number) => `File is too big. Accepted size is ${kb}KB`,
} as const;

export function permissionErrorMessage(permissionLabel: string): string {
  return `Insufficient permissions! You don't have the ${permissionLabel} permission. Please contact your administrator.`;
}
