#!/usr/bin/python3
"""A stand-in for xdg-desktop-portal's FileChooser on a private session bus, for
tests/render/portal_e2e.sh: OpenFile records what the app asked (the title, the
filters, the folder) to RECORD as JSON, then answers on the request object as the
real portal does, with Response(0, {"uris": [file URI of ANSWER]}), or
Response(1, {}) when ANSWER is "cancel".

  fake_portal.py RECORD ANSWER      (run under dbus-run-session; Debian: python3-dbus, python3-gi)
"""
import json
import sys
import urllib.parse

import dbus
import dbus.service
from dbus.mainloop.glib import DBusGMainLoop
from gi.repository import GLib

RECORD, ANSWER = sys.argv[1], sys.argv[2]


class Request(dbus.service.Object):
    @dbus.service.signal("org.freedesktop.portal.Request", signature="ua{sv}")
    def Response(self, response, results):
        pass


class FileChooser(dbus.service.Object):
    def __init__(self, bus):
        super().__init__(bus, "/org/freedesktop/portal/desktop")
        self.bus = bus

    @dbus.service.method("org.freedesktop.portal.FileChooser", in_signature="ssa{sv}", out_signature="o",
                         sender_keyword="sender")
    def OpenFile(self, parent, title, options, sender=None):
        token = str(options.get("handle_token", "t"))
        path = "/org/freedesktop/portal/desktop/request/%s/%s" % (sender[1:].replace(".", "_"), token)
        folder = bytes(options.get("current_folder", b"")).rstrip(b"\0").decode()
        filters = [[str(name), [[int(k), str(p)] for k, p in pats]] for name, pats in options.get("filters", [])]
        with open(RECORD, "w") as f:
            json.dump({"title": str(title), "folder": folder, "filters": filters,
                       "modal": bool(options.get("modal", False))}, f)
        request = Request(self.bus, path)

        def answer():
            if ANSWER == "cancel":
                request.Response(dbus.UInt32(1), dbus.Dictionary({}, signature="sv"))
            else:
                uri = "file://" + urllib.parse.quote(ANSWER)
                request.Response(dbus.UInt32(0), dbus.Dictionary(
                    {"uris": dbus.Array([uri], signature="s")}, signature="sv"))
            return False

        GLib.timeout_add(200, answer)  # after the reply, as a person takes time to choose
        return dbus.ObjectPath(path)


DBusGMainLoop(set_as_default=True)
bus = dbus.SessionBus()
name = dbus.service.BusName("org.freedesktop.portal.Desktop", bus)
FileChooser(bus)
print("ready", flush=True)
GLib.MainLoop().run()
