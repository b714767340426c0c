// iCalendar feeds (RFC 5545) read with ical.js: Google Calendar's public addresses, WordPress
// agendas, Gancio, town halls. ical.js parses, unfolds, unescapes and expands recurrences; this
// file turns its times into Madrid's wall clock and its events into the one normalised shape.
import ICAL from 'ical.js';
import { TIME_ZONE } from '../lib/time.js';
import { detailsOf, tzidOf, uidOf, type EventDetails } from './ical-fields.js';
import type { ImportedEvent, ReadOptions, ReadResult } from './imported-event.js';
import { EventCollector } from './read-window.js';
import { SourceReadError } from './source-error.js';
import { boundedKey } from './text.js';
import {
  ianaZone,
  isRealDateTime,
  isRealDate,
  dayOf,
  madridWallClock,
  zonedToMadrid,
  type DateFields,
  type WallClock,
} from './zoned-time.js';

type Component = InstanceType<typeof ICAL.Component>;
type Time = InstanceType<typeof ICAL.Time>;
type Event = InstanceType<typeof ICAL.Event>;

// ical.js steps through a rule from DTSTART one occurrence at a time (tens of microseconds each):
// a read stops expanding after this many steps in all, whatever the feed asks for.
const RECURRENCE_STEPS = 20_000;
// A daily or weekly rule that started long ago is started again a whole number of periods later,
// but still this many days before today: its (possibly off-rule) first occurrence stays in the past.
const FAST_FORWARD_MARGIN_DAYS = 14;

class BadDate extends Error {}

/** Reads a feed's events from today (Madrid) to the horizon. Throws only SourceReadError. */
export function readICalendar(text: string, options: ReadOptions): ReadResult {
  try {
    const calendars = parseCalendars(text);
    const collector = new EventCollector(options);
    const budget = { steps: RECURRENCE_STEPS };
    for (const calendar of calendars) readCalendar(calendar, collector, budget);
    return collector.result();
  } catch (error) {
    if (error instanceof SourceReadError) throw error;
    throw new SourceReadError('not-icalendar', error instanceof Error ? error.message : undefined);
  }
}

function parseCalendars(text: string): Component[] {
  if (typeof text !== 'string' || !/^\s*BEGIN:VCALENDAR/i.test(text.replace(/^\uFEFF/, ''))) {
    throw new SourceReadError('not-icalendar', 'no BEGIN:VCALENDAR');
  }
  let parsed: unknown;
  try {
    parsed = ICAL.parse(text.replace(/^\uFEFF/, '').replace(/\r(?!\n)/g, '\n'));
  } catch (error) {
    throw new SourceReadError('not-icalendar', error instanceof Error ? error.message : undefined);
  }
  // One root is a jCal array; several (concatenated calendars) are an array of them.
  const roots = (
    Array.isArray(parsed) && Array.isArray(parsed[0]) ? parsed : [parsed]
  ) as unknown[];
  const calendars = roots
    .filter((root): root is unknown[] => Array.isArray(root) && root[0] === 'vcalendar')
    .map((root) => new ICAL.Component(root));
  if (calendars.length === 0) throw new SourceReadError('not-icalendar', 'no VCALENDAR');
  return calendars;
}

function readCalendar(calendar: Component, collector: EventCollector, budget: { steps: number }) {
  const masters: Component[] = [];
  const overrides = new Map<string, Component[]>();
  for (const vevent of calendar.getAllSubcomponents('vevent')) {
    const uid = uidOf(vevent);
    if (uid && vevent.hasProperty('recurrence-id')) {
      const list = overrides.get(uid);
      if (list) list.push(vevent);
      else overrides.set(uid, [vevent]);
    } else {
      masters.push(vevent);
    }
  }
  const series = new Set<string>();
  for (const master of masters) {
    const uid = uidOf(master);
    const recurring = master.hasProperty('rrule') || master.hasProperty('rdate');
    if (recurring && uid) series.add(uid);
    guarded(master, collector, () => {
      if (recurring) readSeries(master, (uid && overrides.get(uid)) || [], collector, budget);
      else readSingle(master, collector);
    });
  }
  // An override whose series is not in the feed stands alone, keyed as its occurrence would be.
  for (const [uid, list] of overrides) {
    if (series.has(uid)) continue;
    for (const override of list)
      guarded(override, collector, () => readSingle(override, collector));
  }
}

/** One event's trouble stays that event's: a date ical.js cannot read skips it as bad-date. */
function guarded(component: Component, collector: EventCollector, read: () => void) {
  try {
    read();
  } catch (error) {
    if (error instanceof SourceReadError) throw error;
    const details = safeDetails(component);
    collector.skip(uidOf(component), details?.name || null, 'bad-date');
  }
}

function safeDetails(component: Component): EventDetails | null {
  try {
    return detailsOf(component);
  } catch {
    return null;
  }
}

/**
 * A time as Madrid's wall clock. UTC and zones defined by a VTIMEZONE convert through the instant;
 * a TZID with no VTIMEZONE (Google writes `TZID=Europe/Madrid` alone) through Intl's rules for that
 * IANA zone; a floating time, or an unknown zone, is taken as Madrid's own wall clock.
 */
function wallClock(time: Time, tzid: string | null): WallClock {
  if (!isRealDate(time)) throw new BadDate();
  if (time.isDate) return { day: dayOf(time), hour: null };
  if (!isRealDateTime(time)) throw new BadDate();
  const zone = time.zone?.tzid;
  if (zone === 'UTC') {
    return madridWallClock(
      Date.UTC(time.year, time.month - 1, time.day, time.hour, time.minute, time.second),
    );
  }
  if (!zone || zone === 'floating') {
    const iana = tzid ? ianaZone(tzid) : null;
    return zonedToMadrid(time, iana ?? TIME_ZONE);
  }
  const wall = Date.UTC(time.year, time.month - 1, time.day, time.hour, time.minute, time.second);
  return madridWallClock(wall - vtimezoneOffset(time) * 1000);
}

// A VTIMEZONE's offset costs ical.js tens of microseconds to find, and a feed's events share a few
// hundred wall-clock minutes: kept per zone (one object per parsed file) and minute.
const vtimezoneOffsets = new WeakMap<object, Map<number, number>>();

function vtimezoneOffset(time: Time): number {
  let offsets = vtimezoneOffsets.get(time.zone);
  if (!offsets) {
    offsets = new Map();
    vtimezoneOffsets.set(time.zone, offsets);
  }
  const minute = Date.UTC(time.year, time.month - 1, time.day, time.hour, time.minute) / 60_000;
  let offset = offsets.get(minute);
  if (offset === undefined) {
    offset = time.utcOffset();
    offsets.set(minute, offset);
  }
  return offset;
}

const RAW_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2}):(\d{2}))?/;

/**
 * A date property's time, null when the property is absent. ical.js rolls an impossible date
 * over (31 February becomes 3 March), so the value as written is checked first.
 */
function timeOf(component: Component, name = 'dtstart'): Time | null {
  const property = component.getFirstProperty(name);
  if (!property) return null;
  const raw: unknown = property.jCal[3];
  const match = typeof raw === 'string' ? RAW_TIME.exec(raw) : null;
  if (!match) throw new BadDate();
  const [year, month, day, hour, minute, second] = match.slice(1).map((part) => Number(part ?? 0));
  const fields = { year, month, day, hour, minute, second } as DateFields;
  if (!isRealDateTime(fields)) throw new BadDate();
  const value = property.getFirstValue();
  if (!(value instanceof ICAL.Time)) throw new BadDate();
  return value;
}

function occurrenceKey(base: string, start: WallClock): string {
  return boundedKey(`${base}#${start.day}${start.hour ? `T${start.hour}` : ''}`);
}

function fallbackKey(details: EventDetails, start: WallClock): string {
  return boundedKey(
    `${details.name}|${start.day}${start.hour ? `T${start.hour}` : ''}|${details.venue?.name ?? ''}`,
  );
}

function toEvent(key: string, details: EventDetails, start: WallClock): ImportedEvent {
  return {
    key,
    name: details.name,
    day: start.day,
    hour: start.hour,
    venue: details.venue,
    performers: [],
    description: details.description,
    price: null,
    currency: null,
    ticketUrl: null,
    url: details.url,
    imageUrl: details.imageUrl,
    status: details.status,
    categories: details.categories,
  };
}

/** An override replaces its occurrence; what it leaves out is taken from the series. */
function overrideDetails(own: EventDetails, series: EventDetails): EventDetails {
  return {
    name: own.name || series.name,
    venue: own.venue ?? series.venue,
    description: own.description ?? series.description,
    url: own.url ?? series.url,
    imageUrl: own.imageUrl ?? series.imageUrl,
    status: series.status === 'cancelled' ? 'cancelled' : own.status,
    categories: own.categories.length > 0 ? own.categories : series.categories,
  };
}

function readSingle(component: Component, collector: EventCollector) {
  const details = detailsOf(component);
  const uid = uidOf(component);
  if (!details.name) return collector.skip(uid ?? details.url, null, 'no-name');
  const time = timeOf(component);
  if (!time) return collector.skip(uid ?? details.url, details.name, 'no-start');
  const start = wallClock(time, tzidOf(component));
  let key: string;
  if (uid && component.hasProperty('recurrence-id')) {
    const original = timeOf(component, 'recurrence-id');
    key = occurrenceKey(
      uid,
      original ? wallClock(original, tzidOf(component, 'recurrence-id')) : start,
    );
  } else {
    key = uid ? boundedKey(uid) : (details.url ?? fallbackKey(details, start));
  }
  collector.add(toEvent(key, details, start));
}

/**
 * Every occurrence of a recurring event between today and the horizon, each its own event keyed
 * by the series and the occurrence's original start, so an override (RECURRENCE-ID) that moves it
 * keeps its identity. Occurrences before today are not listed one by one; a series with none in
 * the window is one skipped entry.
 */
function readSeries(
  master: Component,
  overrides: Component[],
  collector: EventCollector,
  budget: { steps: number },
) {
  const details = detailsOf(master);
  const uid = uidOf(master);
  if (!details.name) return collector.skip(uid ?? details.url, null, 'no-name');
  const dtstart = timeOf(master);
  if (!dtstart) return collector.skip(uid ?? details.url, details.name, 'no-start');
  const tzid = tzidOf(master);
  const first = wallClock(dtstart, tzid);
  const base = uid ?? details.url ?? fallbackKey(details, first);

  const event = new ICAL.Event(master, { exceptions: overrides });
  const expansion = event.iterator(fastForward(master, dtstart, first, collector.today));
  let kept = 0;
  let reachedHorizon = false;
  for (let occurrence = expansion.next(); occurrence; occurrence = expansion.next()) {
    if (--budget.steps < 0) return collector.skip(base, details.name, 'over-limit');
    const original = wallClock(occurrence, tzid);
    if (original.day > collector.lastDay) {
      reachedHorizon = true;
      break;
    }
    const { item, start } = occurrenceOf(event, occurrence, original);
    if (collector.outside(start.day)) continue;
    if (kept >= collector.maxEvents) return collector.skip(base, details.name, 'over-limit');
    const itemDetails =
      item === event ? details : overrideDetails(detailsOf(item.component), details);
    collector.add(toEvent(occurrenceKey(base, original), itemDetails, start));
    kept += 1;
  }
  // None in the window: the series comes back after the horizon, or it is over.
  if (kept === 0) collector.skip(base, details.name, reachedHorizon ? 'beyond-horizon' : 'past');
}

function occurrenceOf(event: Event, occurrence: Time, original: WallClock) {
  const occurrenceDetails = event.getOccurrenceDetails(occurrence);
  const item: Event = occurrenceDetails.item ?? event;
  if (item === event) return { item, start: original };
  const moved: unknown = occurrenceDetails.startDate;
  return {
    item,
    start: moved instanceof ICAL.Time ? wallClock(moved, tzidOf(item.component)) : original,
  };
}

/**
 * Where to start stepping through a daily or weekly rule without COUNT whose DTSTART is long past:
 * a whole number of its periods later (so every later occurrence is unchanged), still before
 * today. Other rules start at DTSTART and count against the read's step budget.
 */
function fastForward(master: Component, dtstart: Time, first: WallClock, today: string): Time {
  const rules = master.getAllProperties('rrule');
  if (rules.length !== 1) return dtstart;
  const rule: unknown = rules[0]?.getFirstValue();
  if (!(rule instanceof ICAL.Recur) || rule.count) return dtstart;
  const periodDays =
    rule.freq === 'DAILY' ? rule.interval : rule.freq === 'WEEKLY' ? rule.interval * 7 : 0;
  if (periodDays <= 0) return dtstart;
  const behind =
    (Date.parse(`${today}T00:00:00Z`) - Date.parse(`${first.day}T00:00:00Z`)) / 86_400_000;
  const periods = Math.floor((behind - FAST_FORWARD_MARGIN_DAYS) / periodDays);
  if (periods < 1) return dtstart;
  const start = dtstart.clone();
  start.adjust(periods * periodDays, 0, 0, 0);
  return start;
}
