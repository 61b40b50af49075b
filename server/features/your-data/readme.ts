/** README.txt at the top of every export: what each file is, for a person opening the zip. */
export const README = `Your Drabble data
=================

Everything you wrote and did on Drabble, as it was when you downloaded it.
Dates and times are UTC, in ISO 8601 (2026-01-24T09:30:00.000Z).

README.txt              This file.
profile.json            Your account and profile: names, handle (and the old handles that
                        still lead to you), email, about me, links, daily goal,
                        streaks and settings (two-factor sign-in on or off), the browsers
                        and addresses your account signed in from (signedInFrom), and your
                        passkeys' names and when you added them (passkeys).
avatar.<ext>            Your profile image, if you have one.
stories/                One Markdown file per story, named <date written>-<title>.md. Each
                        starts with front matter (title, public, prompt, created, updated,
                        wordCount, and any contentWarnings, contentWarningNote and tags) between
                        --- lines, then the story's text. You can import
                        these files (or this folder, zipped) back into Drabble from
                        Settings > Your data > Import stories.
stories.json            Every story with its details, counts, link and text.
comments.json           The comments you wrote, each with a link to its story.
reactions.json          The reactions you left on stories.
favorites.json          The stories you saved as favorites.
                        A story you can no longer read (its writer made it private or
                        deleted it) shows as "a story that is no longer available".
reading-lists.json      Your reading lists (Read later and the ones you named), each with
                        its stories and your notes on them.
following.csv           The writers you follow (name, profile link, since).
followers.csv           The writers who follow you.
blocks.csv              The writers you blocked.
mutes.csv               The writers you muted, and until when (empty: until you unmute them).
messages.json           Your direct conversations. Other people appear by name; messages
                        deleted for everyone show as "Message deleted"; messages you deleted
                        for yourself are left out.
feature-requests.json   Your suggestions for Drabble and the answers they received.
writing-days.json       Words you wrote each day (your writing days and streak come from these).
badges.json             The badges you earned, and when.
challenges.json         Your personal challenges: words, days, first and last day, and when you gave one up.
series.json             Your series: title, description, link and its stories in order.
anthologies.json        The anthologies you opened, co-edit, follow or have a story in: title,
                        description, rules, link, your part in it and your stories there.
`;
