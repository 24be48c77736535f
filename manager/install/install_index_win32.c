/*
 * install_index.h in cudnnv.exe: no package indexes (reading their JSON
 * form needs jansson, which this build does not link); an install names
 * the way that works.
 */
#include "install_index.h"

#include "messages.h"

int install_index_default(char *out, size_t size)
{
    (void)out;
    (void)size;
    return -1;
}

int install_index_archive(const char *index_url, struct index_request *request, char *archive_path,
                          size_t size, char sha256[65])
{
    (void)request;
    (void)archive_path;
    (void)size;
    (void)sha256;
    return fail("this cudnnv.exe cannot read Python package indexes (%s): download the wheel with pip and run 'cudnnv install FILE.whl'",
                index_url);
}

int install_channel_archive(const char *channel_url, struct index_request *request, char *archive_path,
                            size_t size, char sha256[65])
{
    (void)request;
    (void)archive_path;
    (void)size;
    (void)sha256;
    return fail("this cudnnv.exe cannot read conda channels (%s): download the package with conda and unpack it, then run 'cudnnv install FOLDER'",
                channel_url);
}
