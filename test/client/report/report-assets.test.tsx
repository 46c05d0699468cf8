/**
 * The city's assets on the report form (issue 42, item 2): a type with an asset layer shows its
 * assets in the map's view once zoomed in, listed under the map (nearest first) as well as drawn;
 * choosing one, there or on the map, puts the pin on it and answers the questions the layer fills
 * with its properties. Leaflet needs a real layout: the stand-in map says what it shows (a street
 * map's box at the zoom a test sets) and draws the assets as buttons that choose one, as a click
 * on a marker does.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { presentServiceDefinition } from '../../../src/server/open311/presenter';
import type { ServiceTypeRecord } from '../../../src/server/storage/repositories/types';
import { draftPhotoStore } from '../../../src/client/features/report/draft/draft-photo-store';
import { jsonResponse, mockFetch } from '../render-app';
import { renderReport, serviceType } from './report-test-utils';

const view = { zoom: 17 };
vi.mock('../../../src/client/features/report/components/location-map', async () => {
  const { createElement, Fragment, useEffect } = await import('react');
  return {
    default: (props: {
      onViewChange?: (view: { box: { west: number; south: number; east: number; north: number }; zoom: number }) => void;
      onCenterChange: (center: { lat: number; long: number }) => void;
      assets?: { list: { id: string }[]; chosenId: string | null; onChoose: (id: string) => void };
    }) => {
      useEffect(() => {
        props.onCenterChange({ lat: 60.1848, long: 24.9518 });
        props.onViewChange?.({ box: { west: 24.9478, south: 60.1823, east: 24.9558, north: 60.1873 }, zoom: view.zoom });
      }, []);
      return createElement(
        Fragment,
        null,
        ...(props.assets?.list ?? []).map((asset) =>
          createElement('button', { key: asset.id, type: 'button', onClick: () => props.assets!.onChoose(asset.id) }, `Stub marker ${asset.id}${asset.id === props.assets!.chosenId ? ' (chosen)' : ''}`),
        ),
      );
    },
  };
});

const streetLightOut: ServiceTypeRecord = {
  service_code: '900',
  type: 'realtime',
  position: 0,
  translations: { en: { service_name: 'Street light out', description: '', keywords: '', group: 'Streets' } },
  attributes: [{ code: 'light_id', variable: true, datatype: 'string', required: true, datatype_description: '', order: 1, description: 'Which street light?', values: [] }],
};
const layer = { id: 'lights', name: 'Street lights', service_codes: ['900'], min_zoom: 16, required: true, id_property: 'lamp_id', show: ['street'], send: { light_id: 'lamp_id' } };
const light = (id: string, long: number, lat: number, street: string) => ({ type: 'Feature', id, geometry: { type: 'Point', coordinates: [long, lat] }, properties: { lamp_id: id, street } });

function serveAssetsApi(options: { complete?: boolean } = {}) {
  const asked: string[] = [];
  mockFetch((url) => {
    if (url.pathname === '/proxy/open311/v1/services.json') return jsonResponse([serviceType('900', 'Street light out', 'Streets', { metadata: true }), serviceType('171', 'Potholes', 'Streets')]);
    if (url.pathname === '/proxy/open311/v1/services/900.json') return jsonResponse(presentServiceDefinition(streetLightOut, 'en').body);
    if (url.pathname === '/proxy/bodies/v1/asset-layers.json') return jsonResponse([layer]);
    if (url.pathname === '/proxy/bodies/v1/asset-layers/lights/features.json') {
      asked.push(url.searchParams.get('bbox') ?? '');
      return jsonResponse({
        type: 'FeatureCollection',
        complete: options.complete ?? true,
        features: [light('SL-1003', 24.9522, 60.1852, 'Hämeentie 38'), light('SL-1001', 24.951, 60.184, 'Hämeentie 30'), light('SL-1002', 24.9516, 60.1846, 'Hämeentie 34')],
      });
    }
    if (url.pathname === '/proxy/open311/v1/requests.json') return jsonResponse([]);
    return jsonResponse([{ code: 404, description: 'not here' }], { status: 404 });
  });
  return asked;
}

beforeEach(async () => {
  view.zoom = 17;
  await draftPhotoStore().clear();
});

describe("the chosen type's assets", () => {
  it('are listed under the map, nearest first; one chosen there puts the pin on it and answers the question it fills', async () => {
    const user = userEvent.setup();
    const asked = serveAssetsApi();
    await renderReport();
    await user.click(await screen.findByRole('radio', { name: /^Street light out/ }));

    expect(await screen.findByText('Street lights: this type of report needs the one it is about. Choose it on the map, or from the nearest:')).toBeTruthy();
    // Nearest the map's centre (no pin yet) first.
    const choices = screen.getAllByRole('button', { name: /^Choose SL-/ });
    expect(choices.map((button) => button.textContent)).toEqual(['Choose SL-1002 · Hämeentie 34', 'Choose SL-1003 · Hämeentie 38', 'Choose SL-1001 · Hämeentie 30']);
    expect(asked).toEqual(['24.9478,60.1823,24.9558,60.1873']);

    // Required: nothing is sent before one is chosen.
    expect(screen.getByTestId('send-blocked').textContent).toBe('Street lights: choose the one this report is about, on the map or from the list under it, before sending.');
    await user.click(screen.getByRole('button', { name: 'Choose SL-1001 · Hämeentie 30' }));
    expect(screen.queryByTestId('send-blocked')).toBeNull();
    expect(await screen.findByText('Chosen: SL-1001 · Hämeentie 30')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Choose SL-1001 · Hämeentie 30' }).getAttribute('aria-pressed')).toBe('true');
    // The type's questions come with its definition, which may still be on its way.
    const question = (await screen.findByRole('textbox', { name: /^Which street light\?/ })) as HTMLInputElement;
    await waitFor(() => expect(question.value).toBe('SL-1001'));
    // The pin is on the light.
    expect(document.querySelector('.place-summary__text')?.textContent).toMatch(/^Chosen place: pin on the map at 60[.,]184/);
  }, 15_000);

  it('can be chosen on the map as well', async () => {
    const user = userEvent.setup();
    serveAssetsApi();
    await renderReport();
    await user.click(await screen.findByRole('radio', { name: /^Street light out/ }));
    await user.click(await screen.findByRole('button', { name: 'Stub marker SL-1003' }));
    expect(await screen.findByRole('button', { name: 'Stub marker SL-1003 (chosen)' })).toBeTruthy();
    const question = (await screen.findByRole('textbox', { name: /^Which street light\?/ })) as HTMLInputElement;
    await waitFor(() => expect(question.value).toBe('SL-1003'));
  }, 15_000);

  it('say when the city had more in view than one answer holds', async () => {
    const user = userEvent.setup();
    serveAssetsApi({ complete: false });
    await renderReport();
    await user.click(await screen.findByRole('radio', { name: /^Street light out/ }));
    expect(await screen.findByText(/Only some are shown: zoom in to see them all\.$/)).toBeTruthy();
  });

  it('are not asked for while the map is zoomed out past the layer, which says to zoom in', async () => {
    view.zoom = 14;
    const user = userEvent.setup();
    const asked = serveAssetsApi();
    await renderReport();
    await user.click(await screen.findByRole('radio', { name: /^Street light out/ }));
    expect(await screen.findByText('Street lights: zoom in on the map to see them and choose the one this is about.')).toBeTruthy();
    expect(asked).toEqual([]);
  });

  it('are not drawn for a type without a layer', async () => {
    const user = userEvent.setup();
    const asked = serveAssetsApi();
    await renderReport();
    await user.click(await screen.findByRole('radio', { name: /^Potholes/ }));
    await waitFor(() => expect(screen.getByRole('radio', { name: /^Potholes/ })).toHaveProperty('checked', true));
    expect(screen.queryByText(/^Street lights/)).toBeNull();
    expect(asked).toEqual([]);
  });
});
