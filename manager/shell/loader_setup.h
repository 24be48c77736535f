/*
 * Selection with no activation at all (loader_setup.c): 'cudnnv init
 * --system' puts the system store's shims in the loader's search path for
 * every program on the machine; 'cudnnv init --login' puts the user's shims
 * in the environment of their graphical session, user services and login
 * shells. Each has its --undo.
 */
#ifndef CUDNNV_LOADER_SETUP_H
#define CUDNNV_LOADER_SETUP_H

#define LOADER_SETUP_CONF "/etc/ld.so.conf.d/00-cudnnv.conf"

int loader_setup_system(int undo);
int loader_setup_login(int undo);

#endif
