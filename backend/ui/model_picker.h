#pragma once

#include "llm/model_catalog.h"
#include "ui/qml_instance.h"

#include <QtQml/qqmlregistration.h>
#include <QObject>
#include <QPointer>
#include <QVariantList>

#include <functional>
#include <optional>

class QNetworkAccessManager;

namespace zerg {

class Clock;

// The models the Settings page's model rows and the first-run setup card offer (QML singleton
// `ModelPicker`): a ModelCatalog of the configured provider and the local servers (Ollama,
// LM Studio, llama-server), asked again on refresh(). Each model says whether it calls tools;
// one known not to (ToolCalling::No) cannot be picked for a role that needs tools, and
// refusal() is what AppSettings answers when it is typed in all the same.
class ModelPicker : public QObject, public QmlInstance<ModelPicker> {
    Q_OBJECT
    QML_NAMED_ELEMENT(ModelPicker)
    QML_SINGLETON
    // Asking the sources now.
    Q_PROPERTY(bool loading READ loading NOTIFY changed FINAL)
    // Asked at least once and finished.
    Q_PROPERTY(bool loaded READ loaded NOTIFY changed FINAL)
    // Every model found so far, by source: [{id, source (ModelSource's word), sourceName
    // ("Ollama"), providerId, baseUrl, toolCalling (ToolCalling's word), toolNote ("calls
    // tools"), configured (the configured provider's: what the model settings use),
    // unusableFor (the roles' words it cannot be picked for)}].
    Q_PROPERTY(QVariantList models READ models NOTIFY changed FINAL)
    // Every source in ModelSource order: [{source, name, url, state (SourceState's word),
    // message (what happened and what to do when it did not answer; "" otherwise)}].
    Q_PROPERTY(QVariantList sources READ sources NOTIFY changed FINAL)

public:
    // Where to look, read at each refresh() (the app: the saved settings, so that the picker
    // follows a base URL saved in Settings).
    using ConfigSource = std::function<ModelCatalogConfig()>;

    // nam and clock must outlive the picker; without them it makes its own.
    ModelPicker(ConfigSource config, QNetworkAccessManager* nam, Clock* clock,
                QObject* parent = nullptr);
    ~ModelPicker() override;

    [[nodiscard]] bool loading() const { return m_catalog != nullptr; }
    [[nodiscard]] bool loaded() const { return m_loaded; }
    [[nodiscard]] QVariantList models() const;
    [[nodiscard]] QVariantList sources() const;
    // What the last (or current) catalog found.
    [[nodiscard]] const QList<CatalogModel>& catalogModels() const { return m_models; }

    // Asks every source again (the one under way is dropped).
    Q_INVOKABLE void refresh();
    // refresh() unless loading or loaded: pages call it when shown.
    Q_INVOKABLE void load();

    // Why `model` of `source` cannot be used for `role`, in the current language: its server says
    // it does not call tools and the role works with tools. Empty when it can, or when the
    // picker does not know the model.
    [[nodiscard]] QString refusal(ModelRole role, const QString& model,
                                  ModelSource source = ModelSource::Configured) const;

    // The role a model setting (llm/model, llm/worker_model, …) picks for, if it is one.
    [[nodiscard]] static std::optional<ModelRole> roleOfSetting(const QString& key);
    // "the supervisor", "the workers", … in the current language (after "for").
    [[nodiscard]] static QString roleText(ModelRole role);
    [[nodiscard]] static QString sourceName(ModelSource source);
    // "calls tools", "no tool calling", "tool calling not known".
    [[nodiscard]] static QString toolNote(ToolCalling toolCalling);

    // Tests: where to look from now on.
    void setConfig(ConfigSource config) { m_config = std::move(config); }

Q_SIGNALS:
    void changed();

private:
    void take();

    ConfigSource m_config;
    QNetworkAccessManager* m_nam;
    Clock* m_clock;
    QPointer<ModelCatalog> m_catalog;
    QList<CatalogModel> m_models;
    QList<CatalogSource> m_sources;
    bool m_loaded = false;
};

}  // namespace zerg
