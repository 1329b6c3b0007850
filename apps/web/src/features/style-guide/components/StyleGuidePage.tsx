import { type ReactNode, useState } from 'react';
import {
  Banner,
  BotIcon,
  Button,
  Card,
  Checkbox,
  EmptyState,
  HelpIcon,
  Logo,
  Modal,
  PageHeader,
  PasswordField,
  popup,
  Select,
  Spinner,
  Table,
  type TableColumn,
  Tabs,
  TextField,
  Toggle,
  Tooltip,
} from '../../../ui';
import './style-guide.css';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="style-guide__section" aria-labelledby={`sg-${title}`}>
      <h2 id={`sg-${title}`} className="style-guide__heading">
        {title}
      </h2>
      <div className="style-guide__demo">{children}</div>
    </section>
  );
}

interface DemoRow {
  id: string;
  name: string;
  role: string;
  isBusy: boolean;
}

const ROWS: DemoRow[] = [
  { id: '1', name: 'ada@example.com', role: 'Administrator', isBusy: false },
  { id: '2', name: 'grace@example.com', role: 'Designer', isBusy: true },
  { id: '3', name: 'linus@example.com', role: 'Contributor', isBusy: false },
];

const COLUMNS: TableColumn<DemoRow>[] = [
  { key: 'name', header: 'User', render: (row) => row.name },
  { key: 'role', header: 'Role', render: (row) => row.role },
  {
    key: 'actions',
    header: 'Actions',
    align: 'end',
    render: (row) =>
      row.isBusy ? (
        <Spinner size="sm" label="Deleting" />
      ) : (
        <Button variant="ghost" size="sm">
          Edit
        </Button>
      ),
  },
];

function PopupDemo() {
  const [answer, setAnswer] = useState<string>('none yet');
  return (
    <>
      <Button
        variant="secondary"
        onClick={() => popup.info({ title: 'Saved!', text: 'Your changes are live.' })}
      >
        Info pop-up
      </Button>
      <Button
        variant="secondary"
        onClick={() => popup.warning({ title: 'Data conflict', text: 'Someone else changed this bot.' })}
      >
        Warning pop-up
      </Button>
      <Button
        variant="secondary"
        onClick={() =>
          popup.error({ title: 'Server error occured', text: 'Please contact the system administrator.' })
        }
      >
        Error pop-up
      </Button>
      <Button
        variant="secondary"
        onClick={async () => {
          const isConfirmed = await popup.confirm({
            title: 'Delete bot?',
            text: 'This cannot be undone.',
            actionText: 'Delete',
            isDanger: true,
          });
          setAnswer(isConfirmed ? 'confirmed' : 'cancelled');
        }}
      >
        Confirm pop-up
      </Button>
      <Button
        variant="secondary"
        onClick={() => {
          // The same heading and text twice: the service shows it once.
          void popup.warning({ title: 'Duplicate warning', text: 'Shown once, however often it is raised.' });
          void popup.warning({ title: 'Duplicate warning', text: 'Shown once, however often it is raised.' });
        }}
      >
        Same warning twice
      </Button>
      <p className="style-guide__note" data-testid="confirm-answer">
        Last confirm answer: {answer}
      </p>
    </>
  );
}

function ModalDemo() {
  const [isOpen, setIsOpen] = useState(false);
  const [name, setName] = useState('');
  return (
    <>
      <Button onClick={() => setIsOpen(true)}>Open modal</Button>
      {isOpen && (
        <Modal
          title="Rename bot"
          description="Typing makes the dialog dirty: closing then asks first."
          isDirty={name.length > 0}
          onClose={() => {
            setIsOpen(false);
            setName('');
          }}
          footer={(close) => (
            <>
              <Button variant="secondary" onClick={close}>
                Cancel
              </Button>
              <Button
                onClick={() => {
                  setIsOpen(false);
                  setName('');
                }}
              >
                Save
              </Button>
            </>
          )}
        >
          <TextField label="Bot name" value={name} onChange={(event) => setName(event.target.value)} />
        </Modal>
      )}
    </>
  );
}

/** A local demo of every design-system component (left out of the live site). */
export function StyleGuidePage() {
  const [tab, setTab] = useState('bots');
  const [isOn, setIsOn] = useState(true);
  const [isChecked, setIsChecked] = useState(false);
  return (
    <div className="style-guide">
      <PageHeader
        title="Style guide"
        description="Every component of the design system, in one place."
        actions={<Logo />}
      />

      <Section title="Page header">
        <div className="style-guide__framed">
          <PageHeader
            title="Bot Overview"
            description="A header with a description and actions."
            actions={<Button>Primary action</Button>}
          />
        </div>
      </Section>

      <Section title="Buttons">
        <Button>Primary</Button>
        <Button variant="secondary">Secondary</Button>
        <Button variant="danger">Danger</Button>
        <Button variant="ghost">Ghost</Button>
        <Button isLoading>Creating...</Button>
        <Button disabled>Disabled</Button>
        <Button size="sm" icon={<BotIcon />}>
          Small with icon
        </Button>
      </Section>

      <Section title="Fields">
        <div className="style-guide__form">
          <TextField label="Name of your bot" placeholder="Support bot" hint="Letters, digits, - and _" />
          <TextField label="Work email" defaultValue="not-an-email" error="Please enter a valid email" />
          <PasswordField label="Password" defaultValue="secret-password" />
          <TextField label="Disabled" value="ada@example.com" disabled readOnly />
          <Select
            label="Bot Region"
            defaultValue="eu-west"
            options={[
              { value: 'eu-west', label: 'EU' },
              { value: 'us-east', label: 'US' },
            ]}
          />
          <Select
            label="Language"
            placeholder="Select a language"
            options={[{ value: 'en', label: 'English' }]}
          />
        </div>
      </Section>

      <Section title="Toggle and checkbox">
        <Toggle
          label="Change bot region"
          description="Bots run in the EU unless told otherwise."
          isChecked={isOn}
          onChange={setIsOn}
        />
        <Toggle label="Disabled toggle" isChecked={false} onChange={() => undefined} isDisabled />
        <Checkbox
          label="Send login data"
          checked={isChecked}
          onChange={(event) => setIsChecked(event.target.checked)}
        />
        <Checkbox label="Disabled checkbox" disabled />
      </Section>

      <Section title="Tabs">
        <Tabs
          label="Administration"
          selectedId={tab}
          onSelect={setTab}
          tabs={[
            { id: 'bots', label: 'Bots' },
            { id: 'users', label: 'Users' },
            { id: 'roles', label: 'Roles' },
            { id: 'general', label: 'General' },
          ]}
        >
          <p>Selected tab: {tab}</p>
        </Tabs>
      </Section>

      <Section title="Table">
        <Table
          caption="Users"
          columns={COLUMNS}
          rows={ROWS}
          rowKey={(row) => row.id}
          isRowBusy={(row) => row.isBusy}
        />
        <Table
          caption="Empty"
          columns={COLUMNS}
          rows={[]}
          rowKey={(row) => row.id}
          emptyText="No users yet"
        />
      </Section>

      <Section title="Banners">
        <Banner tone="info" title="Your account is confirmed">
          You can sign in now.
        </Banner>
        <Banner tone="success">Saved!</Banner>
        <Banner tone="warning" action={<Button size="sm">Upgrade plan</Button>}>
          You have reached the monthly interaction limit.
        </Banner>
        <Banner tone="error" onDismiss={() => undefined}>
          There is no connection to the server!
        </Banner>
      </Section>

      <Section title="Cards, spinner and tooltip">
        <Card
          title="Card title"
          description="A card groups related content."
          actions={<Button size="sm">Action</Button>}
        >
          <p>Card content.</p>
        </Card>
        <div className="style-guide__row">
          <Spinner size="sm" />
          <Spinner />
          <Spinner size="lg" />
          <Tooltip content="Tooltips wrap at 260 px at most, so that a long explanation stays readable next to the control it explains.">
            <Button variant="ghost" icon={<HelpIcon />} aria-label="What is this?" />
          </Tooltip>
        </div>
      </Section>

      <Section title="Empty state">
        <EmptyState
          icon={<BotIcon />}
          title="No bots yet"
          description="Create your first bot, or import one."
        />
      </Section>

      <Section title="Pop-ups">
        <PopupDemo />
      </Section>

      <Section title="Modal">
        <ModalDemo />
      </Section>
    </div>
  );
}
