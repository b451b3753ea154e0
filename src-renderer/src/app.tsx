import { useEffect } from 'react';
import type { i18n } from 'i18next';
import { Route, Router, Switch } from 'wouter';
import type { Bridge } from './bridge/bridge';
import { AppProvider } from './app/app-context';
import { Shell } from './app/shell';
import { useRouteHashLocation } from './app/hash-location';
import type { AppStore } from './stores/app-store';
import { DashboardScreen } from './features/dashboard/dashboard-screen';
import { PatientsScreen } from './features/patients/patients-screen';
import { PatientPage } from './features/patients/patient-page';
import { CreditsScreen } from './features/credits/credits-screen';
import { KeysScreen } from './features/keys/keys-screen';
import { SettingsScreen } from './features/settings/settings-screen';
import { FormsScreen } from './features/forms/forms-screen';
import { FormBuilderScreen } from './features/forms/form-builder-screen';
import { ResponsesScreen } from './features/responses/responses-screen';
import { ResponsePage } from './features/responses/response-page';
import { InboxScreen } from './features/responses/inbox-screen';
import { DeliveriesScreen } from './features/deliveries/deliveries-screen';
import { ChatsScreen } from './features/chats/chats-screen';
import { CallsScreen } from './features/calls/calls-screen';
import { CallPage } from './features/calls/call-page';
import { WebhooksScreen } from './features/webhooks/webhooks-screen';
import { WebhookPage } from './features/webhooks/webhook-page';
import { DeveloperScreen } from './features/developer/developer-screen';
import { NotificationsScreen } from './features/notifications/notifications-screen';
import { AlertsScreen } from './features/alerts/alerts-screen';

export function Routes() {
  return (
    <Switch>
      <Route path="/" component={DashboardScreen} />
      <Route path="/alerts" component={AlertsScreen} />
      <Route path="/patients" component={PatientsScreen} />
      <Route path="/patients/:id">{(params) => <PatientPage id={params.id} />}</Route>
      <Route path="/forms" component={FormsScreen} />
      <Route path="/forms/new">{() => <FormBuilderScreen />}</Route>
      <Route path="/forms/:id/responses">
        {(params) => <ResponsesScreen formId={params.id} />}
      </Route>
      <Route path="/forms/:id">{(params) => <FormBuilderScreen id={params.id} />}</Route>
      <Route path="/responses" component={InboxScreen} />
      <Route path="/responses/:id">{(params) => <ResponsePage id={params.id} />}</Route>
      <Route path="/deliveries/:view?">{(params) => <DeliveriesScreen view={params.view} />}</Route>
      <Route path="/chats">{() => <ChatsScreen />}</Route>
      <Route path="/chats/:id">{(params) => <ChatsScreen id={params.id} />}</Route>
      <Route path="/calls" component={CallsScreen} />
      <Route path="/calls/:id">{(params) => <CallPage id={params.id} />}</Route>
      <Route path="/credits" component={CreditsScreen} />
      <Route path="/webhooks" component={WebhooksScreen} />
      <Route path="/webhooks/:id">{(params) => <WebhookPage id={params.id} />}</Route>
      {/* The API reference keeps its section under #/developer/… (Scalar's own links). */}
      <Route path="/developer/*?" component={DeveloperScreen} />
      <Route path="/notifications" component={NotificationsScreen} />
      <Route path="/keys" component={KeysScreen} />
      <Route path="/settings/:page?">{(params) => <SettingsScreen page={params.page} />}</Route>
      <Route>
        <DashboardScreen />
      </Route>
    </Switch>
  );
}

/**
 * The whole window. Hash routing, because Electron loads the window from a file:// URL where a
 * path router has nothing to serve deep links (see hash-location.ts for a route's query).
 */
export function App(props: { bridge: Bridge; i18n: i18n; appStore: AppStore }) {
  useEffect(() => {
    void props.appStore.getState().start();
  }, [props.appStore]);
  return (
    <AppProvider bridge={props.bridge} i18n={props.i18n} appStore={props.appStore}>
      <Router hook={useRouteHashLocation}>
        <Shell>
          <Routes />
        </Shell>
      </Router>
    </AppProvider>
  );
}
