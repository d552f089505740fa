"""The German payees and payers the statement generators (gen_camt.py, gen_mt940.py) draw from:
one list, so the two statements' texts cost the same to read."""

PAYEES = [
    "REWE Markt GmbH", "EDEKA Zentrale AG & Co. KG", "Deutsche Telekom AG", "Stadtwerke Köln GmbH",
    "Hausverwaltung Schmidt KG", "Amazon EU S.à r.l.", "Finanzamt Köln-Mitte", "Allianz Versicherungs-AG",
    "DB Fernverkehr AG", "Bäckerei Müller", "Apotheke am Dom", "Vodafone GmbH", "IKEA Deutschland GmbH & Co. KG",
]
PAYERS = ["ACME Industries AG", "Muster Kunde GmbH", "Erika Mustermann", "Bundesagentur für Arbeit", "Zoë Café OHG"]
