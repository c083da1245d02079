-- Offers and news by mail or push are sent only to members who chose them.
-- Until now the settings page showed both boxes ticked for every member, so a
-- stored "yes" is no proof of a choice: every stored yes is forgotten once, and
-- a member who wants them ticks them again (or at signup).
UPDATE `notification_settings` SET `email` = 0, `push` = 0 WHERE `type` IN ('promotions', 'news');
