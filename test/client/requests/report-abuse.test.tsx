/** The "Report abuse" dialog in Finnish and Swedish (the e2e runs it in English): texts, the field's error, what is sent. */
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ReportAbuse } from '../../../src/client/features/requests/components/report-abuse';
import { stubXhr } from '../report/report-test-utils';
import { renderWithI18n } from './render-with-i18n';

describe('Report abuse', () => {
  it('in Finnish: says an empty reason by the field, sends the reason and address to the proxy, thanks', async () => {
    const calls = stubXhr(() => ({ status: 202, body: { service_request_id: 'req1', status: 'received' } }));
    renderWithI18n(<ReportAbuse id="req1" />, 'fi');
    fireEvent.click(screen.getByRole('button', { name: 'Ilmoita asiattomasta sisällöstä' }));
    fireEvent.click(screen.getByRole('button', { name: 'Lähetä moderaattoreille' }));
    expect(await screen.findByText('Kerro, mikä ilmoituksessa on vialla.')).toBeTruthy();
    expect(screen.getByLabelText('Mikä ilmoituksessa on vialla?').getAttribute('aria-invalid')).toBe('true');
    expect(calls).toEqual([]);

    fireEvent.change(screen.getByLabelText('Mikä ilmoituksessa on vialla?'), { target: { value: '  Kuvassa näkyy lapsen kasvot.  ' } });
    fireEvent.change(screen.getByLabelText('Sähköpostiosoitteesi (vapaaehtoinen)'), { target: { value: 'naapuri@example.org' } });
    fireEvent.click(screen.getByRole('button', { name: 'Lähetä moderaattoreille' }));
    expect(await screen.findByText('Kiitos. Moderaattorit tarkistavat ilmoituksen uudelleen.')).toBeTruthy();
    expect(calls.map((call) => [call.method, call.url])).toEqual([['POST', expect.stringContaining('/proxy/open311/v1/requests/req1/abuse.json')]]);
    const sent = calls[0]!.body as URLSearchParams;
    expect([sent.get('reason'), sent.get('email')]).toEqual(['Kuvassa näkyy lapsen kasvot.', 'naapuri@example.org']);
  });

  it('in Swedish: a wrong address is said by its field, and too many reports are explained', async () => {
    stubXhr(() => ({ status: 429, body: [{ code: 429, description: 'too many reports about this request' }] }));
    renderWithI18n(<ReportAbuse id="req1" />, 'sv');
    fireEvent.click(screen.getByRole('button', { name: 'Anmäl olämpligt innehåll' }));
    fireEvent.change(screen.getByLabelText('Vad är fel med den?'), { target: { value: 'Förolämpande text.' } });
    fireEvent.change(screen.getByLabelText('Din e-postadress (frivillig)'), { target: { value: 'inte en adress' } });
    fireEvent.click(screen.getByRole('button', { name: 'Skicka till moderatorerna' }));
    expect(await screen.findByText('Ange en e-postadress, till exempel namn@example.org, eller lämna fältet tomt.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Din e-postadress (frivillig)'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Skicka till moderatorerna' }));
    expect(await screen.findByText('För många anmälningar just nu. Försök igen om en timme.')).toBeTruthy();
  });
});
