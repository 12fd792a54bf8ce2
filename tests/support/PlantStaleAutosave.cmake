# Plants, in the home folder AE_HOME, the autosave a crashed run of tst_windowhost would leave
# (no lock file: its writer is gone), wherever Qt could look for it: the normal data folder
# and QStandardPaths' test-mode one. See tst_windowhost_stale_autosave (tests/ui/app).
set(record [=[{"session": {"sentence": "left by a crashed run"}, "file": "", "modified": true}]=])
file(REMOVE_RECURSE "${AE_HOME}")
foreach(data .local/share .qttest/share)
    foreach(organisation attention-explorer-tests "Attention Explorer")
        file(WRITE "${AE_HOME}/${data}/${organisation}/tst_windowhost/autosave/stale.json" "${record}")
    endforeach()
endforeach()
