#pragma once

#include "dashboard/dashboard_sources.h"

#include <QJsonObject>
#include <QList>
#include <QString>

#include <functional>

class QObject;

namespace zerg::api {

class Args;

// The API's dashboard commands (docs/api.md, "Dashboard"): each reads its arguments, asks the
// connection owner's local source of one page and answers with that source's JSON form
// (dashboard/record_json.h and the page's source header), so the app in remote mode reads back
// exactly what a local source gives.
struct DashboardOp {
    using Done = std::function<void(Result<QJsonObject>)>;
    QString name;
    // Reads args (a problem is kept in args.error() and run does nothing more: the caller replies
    // with it), then asks sources and calls done on context's thread.
    std::function<void(const DashboardSources& sources, Args& args, QObject* context, Done done)>
        run;
    // Instead of run (which is then null), for a command that records which device sent it
    // (`approve`: the answer's device is "api:<device id>"): the same, with the connection's
    // device id.
    std::function<void(const DashboardSources& sources, qint64 deviceId, Args& args,
                       QObject* context, Done done)>
        runFromDevice = nullptr;
};

[[nodiscard]] const QList<DashboardOp>& dashboardOps();
// nullptr: no dashboard command of this name.
[[nodiscard]] const DashboardOp* findDashboardOp(const QString& name);

}  // namespace zerg::api
